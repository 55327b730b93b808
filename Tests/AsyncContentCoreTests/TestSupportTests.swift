import AsyncContentTestSupport
import Testing

// The test support reports to the test that runs it: a wait that gives up must fail that test,
// not only print a warning.

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct TestSupportTests {
  /// `eventually` gave up with "An issue was recorded without linking the Testing framework"
  /// and the test passed: the issue now reaches Swift Testing, so it is recorded here.
  @Test func eventuallyFailsTheTestWhenItsConditionNeverHolds() async {
    var held = true
    await withKnownIssue {
      held = await eventually(maxYields: 3) { false }
    }
    #expect(!held)
  }

  /// The gates report through Swift Testing too, at the caller's line.
  @Test func endingACallThatNobodyWaitsForFailsTheTest() {
    let gate = OperationGate<Int>()
    withKnownIssue {
      gate.succeed(1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no call waits at index 0") }
        && issue.sourceLocation?.fileName == "TestSupportTests.swift"
    }
  }

  @Test func eventuallyReturnsAsSoonAsItsConditionHolds() async {
    var checks = 0
    let held = await eventually(maxYields: 3) {
      checks += 1
      return checks == 2
    }
    #expect(held)
    #expect(checks == 2)
  }
}
