import AsyncContentCore
import AsyncContentTestSupport
import Foundation
import Testing

// More snippets of the DocC articles, verbatim, compiled and run as part of the tests, beside
// those of DocSnippetTests.swift (whose `snippetsAreInSync` finds them here too): the ones the
// 1.0 API brought, with the stand-ins they need.

// MARK: - Stand-ins

extension API {
  /// Where the stand-in service would live; the snippets build requests from it and send none.
  var baseURL: URL { URL(string: "http://127.0.0.1:8080")! }
}

// MARK: - LoadingExperience.md

func snippetAnnouncementText() -> String {
  let strings = DefaultStrings(language: "en")
  let loaded = strings.itemsLoaded(count: 25)  // "25 items loaded"
  return loaded
}

// MARK: - Testing.md

@Test(.timeLimit(.minutes(1))) @MainActor func aBranchSwapCancelsOnlyTheWaiting() async {
  let gate = OperationGate<[String]>()
  let loader = AsyncLoader { try await gate.call() }
  let lifecycle = ViewLifecycle()
  lifecycle.appear("idle", ViewHooks().task { await loader.load() })
  await eventually { gate.pending == 1 }
  lifecycle.swapBranch(from: "idle", to: "loading")  // SwiftUI cancels the idle view's task
  gate.succeed(["Austria"])
  await eventually { loader.phase.value == ["Austria"] }
  #expect(gate.cancelledCalls == 0)  // the task only waited; the loader owned the load
}

@Test func theAnnouncementTextIsEnglish() {
  #expect(snippetAnnouncementText() == "25 items loaded")
}
