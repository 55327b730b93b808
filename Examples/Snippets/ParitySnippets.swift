// The recipes of the parity table in "Sharing data across screens"
// (Sources/AsyncContentCore/AsyncContentCore.docc/SharingDataAcrossScreens.md): the TanStack
// Query and SWR members that a few lines of existing API spell. Each function holds the line
// the table quotes, so that `.ci/swiftui-typecheck` type-checks it.

import AsyncContent
import Foundation
import SwiftUI

/// TanStack Query's `fetchQuery` and `query`: the cached value when it is current, otherwise a
/// load (joining one that runs); the load's error when it fails.
@MainActor
func parityFetchQuery<Key: LoaderKey>(_ key: Key, in store: LoaderStore) async throws -> Key.Value {
  let loader = store.loader(for: key)
  await loader.load()
  if let value = loader.phase.value { return value }
  throw loader.phase.error ?? CancellationError()
}

/// TanStack Query's `fetchInfiniteQuery`, `infiniteQuery` and `ensureInfiniteQueryData`: the
/// cached items, or the first page's.
@MainActor
func parityEnsureItems<Key: PagedLoaderKey>(
  _ key: Key, in store: LoaderStore
) async -> PagedLoader<Key.Item, Key.Cursor>.Items? {
  let loader = store.pagedLoader(for: key)
  if loader.phase.value == nil { await loader.load() }
  return loader.phase.value
}

/// TanStack Query's `getQueriesData`: the values of the keys you name.
@MainActor
func parityValues<Key: LoaderKey>(of keys: [Key], in store: LoaderStore) -> [Key.Value] {
  keys.compactMap { store.value(for: $0) }
}

/// TanStack Query's `setQueriesData`: edits the values of the keys you name that have one.
@MainActor
func paritySetValues<Key: LoaderKey>(
  of keys: [Key], in store: LoaderStore, _ update: (inout Key.Value) -> Void
) {
  for key in keys { store.updateValue(for: key, update) }
}

/// TanStack Query's `isMutating`: how many of an app's mutations run.
@MainActor
func parityRunningMutations(_ mutations: [Mutation<String, Int>]) -> Int {
  mutations.count(where: \.isRunning)
}

/// TanStack Query's `initialDataUpdatedAt` for a value known to be old: set it, then mark it
/// stale, so that its first observer revalidates it.
@MainActor
func parityOldInitialValue<Key: LoaderKey>(_ value: Key.Value, for key: Key, in store: LoaderStore)
{
  store.setValue(value, for: key)
  store.invalidate(key)
}

/// TanStack Query's `errorUpdateCount` and `errorUpdatedAt`: a view reacts to each failed
/// attempt.
struct ParityFailureTime: View {
  let loader: AsyncLoader<Int>
  @State private var failedAt: Date?

  var body: some View {
    Text(failedAt.map { "Failed at \($0)" } ?? "")
      .onChange(of: loader.failureCount) { if loader.failureCount > 0 { failedAt = .now } }
  }
}

/// SWR's `loadingTimeout` and `onLoadingSlow`: a hint once a first load takes longer than three
/// seconds.
struct ParitySlowHint: View {
  let loader: AsyncLoader<Int>
  @State private var isSlow = false

  var body: some View {
    Text(isSlow ? "Still loading…" : "")
      .task(id: loader.phase.isFirstLoad) {
        isSlow = false
        guard loader.phase.isFirstLoad else { return }
        try? await Task.sleep(for: .seconds(3))
        isSlow = loader.phase.isFirstLoad
      }
  }
}
