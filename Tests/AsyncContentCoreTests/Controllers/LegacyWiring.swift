import AsyncContentCore
import AsyncContentTestSupport

/// The SwiftUI layer as it was before the controllers, transcribed line by line into lifecycle
/// hooks, so that each item's test runs its scenario on the old wiring too and shows that the
/// scenario catches the old behaviour.
enum LegacyWiring {
  /// `DefaultIdleView`: an invisible view that started the load in its own task.
  ///
  /// ```swift
  /// Color.clear.task { if let loadAction { await loadAction.run() } else { await refresh?() } }
  /// ```
  @MainActor
  static func idleView(
    loadAction: (@Sendable () async -> Void)?, refresh: @escaping @Sendable () async -> Void
  ) -> ViewHooks {
    ViewHooks().task {
      if let loadAction { await loadAction() } else { await refresh() }
    }
  }

  /// `AsyncLoadAction.startedElsewhere`, which `AsyncLoaderView` and `PagingList` set on their
  /// whole subtree: a load action that does nothing.
  static let startedElsewhere: @Sendable () async -> Void = {}

  /// The container of `AsyncLoaderView` and `PagingList`: a task without an id.
  ///
  /// ```swift
  /// .environment(\.asyncLoadAction, .startedElsewhere)
  /// .task { [source] in await source.load() }
  /// ```
  @MainActor
  static func loaderContainer(load: @escaping @MainActor () async -> Void) -> ViewHooks {
    ViewHooks().task { await load() }
  }

  /// `RetryButton`: a tap bumped a counter, and a task keyed on the counter ran the action.
  ///
  /// ```swift
  /// Button { request += 1 } label: { … }
  ///   .task(id: request) { guard request > 0 else { return }; await action() }
  /// ```
  ///
  /// The counter is the button's `@State`: it survives the button scrolling away and back, or
  /// a reused cell.
  @MainActor
  final class RetryButton {
    private(set) var request = 0

    func hooks(action: @escaping @Sendable () async -> Void) -> ViewHooks {
      ViewHooks().task(id: { self.request }) {
        guard self.request > 0 else { return }
        await action()
      }
    }

    func tap() { request += 1 }
  }

  /// The footer spinner of `PagingList`: load-more keyed on the item count.
  ///
  /// ```swift
  /// ProgressView().task(id: itemCount) { await loadMore() }
  /// ```
  @MainActor
  static func footerSpinner(
    itemCount: @escaping @MainActor () -> Int, loadMore: @escaping @Sendable () async -> Void
  ) -> ViewHooks {
    ViewHooks().task(id: itemCount) { await loadMore() }
  }

  /// `AsyncView.init`: the loader made in the initializer, which every parent render runs;
  /// `@State` keeps the first one.
  ///
  /// ```swift
  /// _loader = State(initialValue: AsyncLoader(retry: retry, operation: operation))
  /// ```
  @MainActor
  static func asyncViewInit<Value>(
    state: inout AsyncLoader<Value>?, make: () -> AsyncLoader<Value>
  ) {
    let made = make()
    if state == nil { state = made }
  }

  /// `AsyncView` passed no `isEmpty`, so `AsyncLoaderView`'s default applied: nothing is empty.
  static func asyncViewIsEmpty<Value>(_: Value) -> Bool { false }

  /// `KeySelectionEvents` before issue 21: a key change selected the key whether or not the
  /// view was on screen.
  ///
  /// ```swift
  /// .onAppear { select() }
  /// .onChange(of: Identity(store: ObjectIdentifier(store), key: selection?.key)) { select() }
  /// .onDisappear { selection.stop(keyed) }
  /// ```
  @MainActor
  static func keySelection(
    appear: @escaping @MainActor () -> Void, key: @escaping @MainActor () -> Int,
    stop: @escaping @MainActor () -> Void
  ) -> ViewHooks {
    ViewHooks().onAppear(appear).onChange(of: key) { _, _ in appear() }.onDisappear(stop)
  }

  /// The paging spinner before issue 21: `LoadMoreController.pageLanded`, which the spinner
  /// called from `onChange(of: completedPages)`, in the update in which the page's rows were
  /// inserted, and which loaded the next page when the spinner still counted as on screen.
  ///
  /// ```swift
  /// .onChange(of: controller.completedPages) { controller.pageLanded(state, loadMore: loadMore) }
  ///
  /// func pageLanded(_ state: PagingState, loadMore: …) {
  ///   guard isFooterVisible, completedPages != continuedAfter else { return }
  ///   continuedAfter = completedPages
  ///   trigger(state, loadMore)
  /// }
  /// ```
  @MainActor
  final class PageLandedSpinner {
    let edge: PagingEdge
    let run = ActionController()
    private var isFooterVisible = false
    private var continuedAfter = 0

    init(edge: PagingEdge = .end) { self.edge = edge }

    func hooks(
      state: @escaping @MainActor () -> PagingState, loadMore: @escaping @Sendable () async -> Void
    ) -> ViewHooks {
      ViewHooks()
        .onAppear { [self] in
          isFooterVisible = true
          trigger(state(), loadMore)
        }
        .onDisappear { [self] in isFooterVisible = false }
        .onChange(of: { self.run.completedRuns }) { [self] _, _ in
          guard isFooterVisible, run.completedRuns != continuedAfter else { return }
          continuedAfter = run.completedRuns
          trigger(state(), loadMore)
        }
    }

    private func trigger(_ state: PagingState, _ loadMore: @escaping @Sendable () async -> Void) {
      guard state.canLoad(at: edge), !run.isPerforming else { return }
      continuedAfter = run.completedRuns
      run.start(loadMore)
    }
  }

  /// `PagingList.keepTheReadersRow` before issue 21: the first row when the previous page
  /// started, scrolled to in the `onChange` that inserts the earlier rows.
  ///
  /// ```swift
  /// .onChange(of: snapshot.phase.kind) { old, new in
  ///   let row = anchor.phaseChanged(from: old, to: new, firstID: shown.first?.id) { … }
  ///   if let row { proxy.scrollTo(row, anchor: .top) }
  /// }
  /// ```
  struct FirstRowAnchor {
    private var keptID: Int?

    mutating func phaseChanged(from old: PhaseKind, to new: PhaseKind, firstID: Int?) -> Int? {
      if new == .loadingPrevious {
        if old != .loadingPrevious { keptID = firstID }
        return nil
      }
      defer { keptID = nil }
      guard old == .loadingPrevious, new == .loaded, let keptID, keptID != firstID else {
        return nil
      }
      return keptID
    }
  }
}
