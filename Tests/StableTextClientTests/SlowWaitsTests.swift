import StableTextClient
import Testing

/// The test command's report of waits that came within 3× of their timeout: one line each,
/// sortable by its share of the timeout.
@Suite struct SlowWaitsTests {
  @Test(arguments: [
    (
      4.2, 10.0, "pathologicalGlobsAnswer() over stdio" as String?,
      "4.2 s of 10 s (42%): the response to 2 in pathologicalGlobsAnswer() over stdio\n"
    ),
    (3.333_3, 10.0, nil, "3.33 s of 10 s (33%): the response to 2\n"),
    (29.996, 30.0, "x()", "30.0 s of 30 s (100%): the response to 2 in x()\n"),
    (0.5, 1.5, "y()", "0.5 s of 1.5 s (33%): the response to 2 in y()\n"),
    (0.93, 1.998_965_263, "z()", "0.93 s of 2.0 s (47%): the response to 2 in z()\n"),
  ])
  func lineSaysTheShareAndTheTest(waited: Double, timeout: Double, label: String?, expected: String) {
    #expect(
      SlowWaits.line(what: "the response to 2", waited: waited, timeout: timeout, label: label) == expected)
  }
}
