import StableTextTestSupport
import Testing

/// Others' data is read from ../shared/third-party/ beside the project; a file that is not there
/// fails the reading test with a message naming the path as the documents give it and where it
/// was looked for.
@Test func missingThirdPartyDataNamesItsPath() throws {
  let missing = try #require(
    #expect(throws: ThirdPartyData.Missing.self) {
      try ThirdPartyData.text("twitter-text/no-such-file.yml")
    })
  #expect(missing.path == "../shared/third-party/twitter-text/no-such-file.yml")
  #expect(missing.resolved.hasSuffix("/shared/third-party/twitter-text/no-such-file.yml"))
  #expect(!missing.resolved.contains("/../"))
  #expect(
    missing.description
      == "../shared/third-party/twitter-text/no-such-file.yml is missing (looked for \(missing.resolved)): "
      + "others' test data is kept beside the project, in ../shared/third-party/ from its root (see its "
      + "README.md); put that folder beside the checkout")
  // A file that is there reads.
  #expect(try ThirdPartyData.text("twitter-text/tld_lib.yml").hasPrefix("---"))
}
