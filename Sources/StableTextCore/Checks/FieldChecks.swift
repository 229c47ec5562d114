/// The checks in contract order: `over-limit`, `under-limit` and `empty-after-trim` ("Rules"),
/// `unencodable` ("Counting"), then the line checks ("Lines, comments and commit messages").
enum FieldChecks {
  static let all: [any FieldCheck] = [
    OverLimitCheck(), UnderLimitCheck(), EmptinessCheck(), UnencodableCheck(), LineLengthAndBlankCheck(),
    RequiredTrailersCheck(),
  ]
}
