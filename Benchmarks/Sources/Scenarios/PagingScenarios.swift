import AsyncContentCore
import IdentifiedCollections

/// A small list item, as a paged API returns it.
public struct Item: Identifiable, Hashable, Sendable {
  public let id: Int
  public let value: Int

  public init(id: Int, value: Int) {
    self.id = id
    self.value = value
  }
}

/// `items` items with ids 0..<items, split into pages of `pageSize`, built before any
/// measurement so that every paging scenario appends the same, already existing arrays.
public func makePages(items: Int, pageSize: Int) -> [[Item]] {
  stride(from: 0, to: items, by: pageSize).map { start in
    (start..<min(start + pageSize, items)).map { Item(id: $0, value: $0 &* 31) }
  }
}

/// Pages through `pages` with a ``PagedLoader`` whose operation returns each precomputed page at
/// once: `load()` for the first page, then `loadMore()` until the end of the list.
///
/// - Returns: the number of items loaded.
@MainActor
public func pageWithLoader(_ pages: [[Item]]) async -> Int {
  guard !pages.isEmpty else { return 0 }
  let loader = PagedLoader<Item, Int> { cursor in
    let index = cursor ?? 0
    return Page(items: pages[index], nextCursor: index + 1 < pages.count ? index + 1 : nil)
  }
  await loader.load()
  while loader.hasMore {
    await loader.loadMore()
  }
  return loader.items.count
}

/// The paging state of kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ", reduced to what its `fetchMore()` touches.
private enum TutorialPagingState {
  case idle
  case success([Item])
  case paging([Item])

  var value: [Item]? {
    switch self {
    case .idle: nil
    case .success(let value), .paging(let value): value
    }
  }
}

/// That article's view model: the state is a stored property, as `dataState` is there, so the old
/// array stays referenced while the new one is built.
@MainActor
private final class TutorialPagingModel {
  var dataState = TutorialPagingState.idle
  let fetch: @Sendable (Int) async throws -> [Item]

  init(fetch: @escaping @Sendable (Int) async throws -> [Item]) {
    self.fetch = fetch
  }

  /// Its `fetchMore()`, with the page index as the cursor.
  func fetchMore(index: Int) async -> Bool {
    let users = dataState.value ?? []
    dataState = .paging(users)
    do {
      let newUsers = try await fetch(index)
      dataState = .success(users + newUsers)
      return true
    } catch {
      return false
    }
  }
}

/// The baseline that rebuilds the array for every page, as that article's `fetchMore()` does:
/// `dataState = .success(users + newUsers)`. Each page is awaited from the same kind of
/// operation as the loader's, so the difference is the rebuild.
///
/// - Returns: the number of items loaded.
@MainActor
public func pageByRebuilding(_ pages: [[Item]]) async -> Int {
  let model = TutorialPagingModel { pages[$0] }
  for index in pages.indices {
    guard await model.fetchMore(index: index) else { break }
  }
  return model.dataState.value?.count ?? 0
}

/// The floor: plain `Array.append(contentsOf:)` of the same pages, with no loader, no await and
/// no uniqueness by id.
///
/// - Returns: the number of items appended.
public func pageByAppending(_ pages: [[Item]]) -> Int {
  var items: [Item] = []
  for page in pages {
    items.append(contentsOf: page)
  }
  return items.count
}

/// The floor of a loader's page (issue 10, target 2): one `Task` per page that awaits the same
/// kind of fetch as the loader's, then `Array.append(contentsOf:)`. A loader's page must run in
/// a task of its own (it outlives the caller), so this is what any loader pays per page before
/// it de-duplicates or records anything.
///
/// - Returns: the number of items appended.
@MainActor
public func pageByTaskAndAppending(_ pages: [[Item]]) async -> Int {
  let fetch: @Sendable (Int) async throws -> [Item] = { pages[$0] }
  var items: [Item] = []
  for index in pages.indices {
    guard let page = try? await Task(operation: { try await fetch(index) }).value else { break }
    items.append(contentsOf: page)
  }
  return items.count
}

// MARK: Decomposition (reported by callgrind.sh, not thresholded)

/// The floor with uniqueness by id: the pages merged into an `IdentifiedArray` with
/// `updateOrAppend`, as ``PagedLoader`` merges them, with no loader and no await.
///
/// - Returns: the number of items merged.
public func pageIntoIdentifiedArray(_ pages: [[Item]]) -> Int {
  var items = IdentifiedArrayOf<Item>()
  for page in pages {
    for item in page { items.updateOrAppend(item) }
  }
  return items.count
}
