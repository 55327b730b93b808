import AsyncContentCore
import Testing

/// The flags of ``AsyncPhase``; a row lists the ones that are `true`.
private enum Flag: CaseIterable {
  case isLoading, isFirstLoad, isReloading, isRetrying, isLoadingMore, isLoadingPrevious
  case isFailure, isIdle
}

/// What the accessors of a phase of one kind report, with the fixture payloads.
private struct AccessorRow {
  var kind: PhaseKind
  var value: [Int]?
  var error: PhaseTestError?
  var flags: Set<Flag>
  var description: String

  init(
    _ kind: PhaseKind, value: [Int]?, error: PhaseTestError?, _ flags: Set<Flag>,
    _ description: String
  ) {
    self.kind = kind
    self.value = value
    self.error = error
    self.flags = flags
    self.description = description
  }
}

@Suite("Phase accessors")
struct PhaseAccessorTests {
  private static let v = PhaseFixture.value
  private static let e = PhaseFixture.error

  private static let rows: [AccessorRow] = [
    .init(.idle, value: nil, error: nil, [.isIdle], "idle"),
    .init(.loading, value: nil, error: nil, [.isLoading, .isFirstLoad], "loading"),
    .init(.loaded, value: v, error: nil, [], "loaded([1, 2])"),
    .init(.failed, value: nil, error: e, [.isFailure], "failed(old)"),
    .init(.reloading, value: v, error: nil, [.isLoading, .isReloading], "reloading([1, 2])"),
    .init(.retrying, value: nil, error: e, [.isLoading, .isRetrying], "retrying(old)"),
    .init(.reloadFailed, value: v, error: e, [.isFailure], "reloadFailed([1, 2], old)"),
    .init(.loadingMore, value: v, error: nil, [.isLoading, .isLoadingMore], "loadingMore([1, 2])"),
    .init(.loadMoreFailed, value: v, error: e, [.isFailure], "loadMoreFailed([1, 2], old)"),
    .init(
      .loadingPrevious, value: v, error: nil, [.isLoading, .isLoadingPrevious],
      "loadingPrevious([1, 2])"),
    .init(
      .loadPreviousFailed, value: v, error: e, [.isFailure], "loadPreviousFailed([1, 2], old)"),
  ]

  private func check(
    _ phase: some AsyncPhase<[Int], PhaseTestError> & CustomStringConvertible,
    _ row: AccessorRow
  ) {
    #expect(phase.kind == row.kind)
    #expect(phase.value == row.value, "value of \(row.kind)")
    #expect(phase.error == row.error, "error of \(row.kind)")
    let flags: [Flag: Bool] = [
      .isLoading: phase.isLoading, .isFirstLoad: phase.isFirstLoad,
      .isReloading: phase.isReloading, .isRetrying: phase.isRetrying,
      .isLoadingMore: phase.isLoadingMore, .isLoadingPrevious: phase.isLoadingPrevious,
      .isFailure: phase.isFailure, .isIdle: phase.isIdle,
    ]
    for flag in Flag.allCases {
      #expect(flags[flag] == row.flags.contains(flag), "\(flag) of \(row.kind)")
    }
    #expect(phase.hasValue == (row.value != nil), "hasValue of \(row.kind)")
    #expect(phase.description == row.description)
  }

  @Test func rowsCoverEveryKindOnce() {
    #expect(Self.rows.map(\.kind) == PhaseKind.allCases)
  }

  @Test func loadPhaseAccessors() {
    var checked = 0
    for row in Self.rows {
      guard let phase = PhaseFixture.load(row.kind) else { continue }
      check(phase, row)
      checked += 1
    }
    #expect(checked == 7)
  }

  @Test func pagedPhaseAccessors() {
    for row in Self.rows {
      check(PhaseFixture.paged(row.kind), row)
    }
  }

  @Test func kindFlags() {
    #expect(PhaseKind.loadCases == Array(PhaseKind.allCases.prefix(7)))
    #expect(
      PhaseKind.allCases.filter(\.isLoading) == [
        .loading, .reloading, .retrying, .loadingMore, .loadingPrevious,
      ])
    #expect(
      PhaseKind.allCases.filter(\.isStable) == [
        .idle, .loaded, .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed,
      ])
    #expect(PhaseKind.allCases.map(\.description) == PhaseKind.allCases.map(\.rawValue))
    #expect(PhaseKind.reloadFailed.description == "reloadFailed")
  }

  @Test func mapTransformsTheValueAndKeepsTheCaseAndError() {
    for kind in PhaseKind.allCases {
      let paged = PhaseFixture.paged(kind)
      let mapped = paged.map { $0.count }
      #expect(mapped.kind == kind)
      #expect(mapped.value == paged.value.map(\.count))
      #expect(mapped.error == paged.error)
      if let load = PhaseFixture.load(kind) {
        let mappedLoad = load.map { $0.map(String.init) }
        #expect(mappedLoad.kind == kind)
        #expect(mappedLoad.value == load.value.map { $0.map(String.init) })
        #expect(mappedLoad.error == load.error)
      }
    }
  }

  @Test func mapRethrowsOnlyWhenThereIsAValue() {
    struct Boom: Error {}
    func boom(_: [Int]) throws -> Int { throw Boom() }
    for kind in PhaseKind.allCases {
      let paged = PhaseFixture.paged(kind)
      #expect((try? paged.map(boom)) == nil ? paged.hasValue : !paged.hasValue, "\(kind)")
      if let load = PhaseFixture.load(kind) {
        #expect((try? load.map(boom)) == nil ? load.hasValue : !load.hasValue, "\(kind)")
      }
    }
  }

  @Test func mapErrorTransformsTheErrorAndKeepsTheCaseAndValue() {
    struct Wrapped: Error, Equatable { var inner: PhaseTestError }
    var checked = 0
    for kind in PhaseKind.loadCases {
      let load = PhaseFixture.load(kind)!
      var calls = 0
      let mapped = load.mapError { error -> Wrapped in
        calls += 1
        return Wrapped(inner: error)
      }
      #expect(mapped.kind == kind)
      #expect(mapped.value == load.value)
      #expect(mapped.error == load.error.map(Wrapped.init))
      #expect(calls == (load.error == nil ? 0 : 1))
      checked += 1
    }
    #expect(checked == 7)
  }

  @Test func equatableAndHashable() {
    let load = PhaseKind.loadCases.compactMap(PhaseFixture.load)
    let paged = PhaseKind.allCases.map(PhaseFixture.paged)
    // Every kind differs from every other.
    #expect(Set(load).count == 7)
    #expect(Set(paged).count == 11)
    for (index, phase) in paged.enumerated() {
      for (otherIndex, other) in paged.enumerated() {
        #expect((phase == other) == (index == otherIndex))
      }
      // Equal values hash alike.
      #expect(PhaseFixture.paged(phase.kind) == phase)
      #expect(PhaseFixture.paged(phase.kind).hashValue == phase.hashValue)
    }
    // The payload takes part: the same case with another value or error differs.
    #expect(TestLoadPhase.loaded([1]) != .loaded([2]))
    #expect(TestLoadPhase.failed(.old) != .failed(.new))
    #expect(TestLoadPhase.reloadFailed([1], .old) != .reloadFailed([1], .new))
    #expect(TestLoadPhase.reloadFailed([1], .old) != .reloadFailed([2], .old))
    #expect(TestPagedPhase.loadMoreFailed([1], .old) != .loadMoreFailed([1], .new))
    #expect(TestPagedPhase.loadingMore([1]) != .loaded([1]))
    #expect(Set([TestPagedPhase.loaded([1]), .loaded([1]), .reloading([1])]).count == 2)
    requireSendable(TestLoadPhase.self)
    requireSendable(TestPagedPhase.self)
  }

  private func requireSendable<T: Sendable>(_: T.Type) {}

  @Test func pagedPhaseFromLoadPhaseKeepsCaseAndPayload() {
    var checked = 0
    for kind in PhaseKind.loadCases {
      let load = PhaseFixture.load(kind)!
      let paged = PagedPhase(load)
      #expect(paged == PhaseFixture.paged(kind))
      #expect(paged.kind == load.kind)
      #expect(paged.value == load.value)
      #expect(paged.error == load.error)
      checked += 1
    }
    #expect(checked == 7)
    #expect(PagedPhase(TestLoadPhase.reloadFailed([5], .new)) == .reloadFailed([5], .new))
  }
}

/// A list that counts how often its storage is copied, to prove a mutation happened in place.
private struct CopyCountingList: Equatable {
  final class Log {
    var copies = 0
  }

  private final class Storage {
    var items: [Int]
    init(_ items: [Int]) { self.items = items }
  }

  private var storage: Storage
  let log: Log

  init(_ items: [Int], log: Log) {
    storage = Storage(items)
    self.log = log
  }

  var items: [Int] { storage.items }

  mutating func append(contentsOf page: [Int]) {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(storage.items)
      log.copies += 1
    }
    storage.items.append(contentsOf: page)
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.items == rhs.items }
}

@Suite("Phase finishLoadingMore in place")
struct PhaseInPlaceTests {
  @Test func finishLoadingMoreAppendsWithoutCopyingTheStorage() {
    let log = CopyCountingList.Log()
    var phase = PagedPhase<CopyCountingList, PhaseTestError>.loadingMore(
      CopyCountingList([1, 2], log: log))
    let merged = phase.finishLoadingMore { $0.append(contentsOf: [3, 4]) }
    #expect(merged)
    #expect(log.copies == 0)
    #expect(phase.value?.items == [1, 2, 3, 4])
    #expect(phase.kind == .loaded)
  }

  /// The counter does see copies: while another phase shares the storage, the append copies it
  /// and the other phase keeps its items (value semantics).
  @Test func theCopyCounterDetectsASharedStorage() {
    let log = CopyCountingList.Log()
    var phase = PagedPhase<CopyCountingList, PhaseTestError>.loadingMore(
      CopyCountingList([1, 2], log: log))
    let snapshot = phase
    phase.finishLoadingMore { $0.append(contentsOf: [3]) }
    #expect(log.copies == 1)
    #expect(snapshot.value?.items == [1, 2])
    #expect(phase.value?.items == [1, 2, 3])
  }

  @Test func finishLoadingMoreKeepsTheArrayBuffer() {
    var items = [1, 2]
    items.reserveCapacity(64)
    let before = items.withUnsafeBufferPointer { $0.baseAddress }
    var phase = TestPagedPhase.loadingMore(items)
    items = []  // the phase now holds the only reference to the buffer
    phase.finishLoadingMore { $0.append(contentsOf: [3, 4]) }
    let after = phase.value?.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before != nil)
    #expect(after == before)
    #expect(phase == .loaded([1, 2, 3, 4]))
  }

  @Test func aStalePageIsDroppedWithoutCallingMerge() {
    for kind in PhaseKind.allCases where kind != .loadingMore {
      var phase = PhaseFixture.paged(kind)
      var called = false
      let merged = phase.finishLoadingMore { _ in called = true }
      #expect(!merged)
      #expect(!called, "merge ran in \(kind)")
      #expect(phase == PhaseFixture.paged(kind))
    }
  }

  @Test func aThrowingMergeLeavesTheLoadMoreRunning() {
    struct MergeFailed: Error {}
    var phase = TestPagedPhase.loadingMore([1, 2])
    #expect(throws: MergeFailed.self) {
      try phase.finishLoadingMore { _ in throw MergeFailed() }
    }
    #expect(phase == .loadingMore([1, 2]))
  }
}
