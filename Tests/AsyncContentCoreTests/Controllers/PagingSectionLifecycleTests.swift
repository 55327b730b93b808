import AsyncContentCore
import AsyncContentTestSupport
import Testing

/// `PagingSection` in a lazy grid, played through the lifecycle model: its status row (the
/// section header: `ContentContainer`'s hooks, the header's spinner and the phase forwarding
/// with no scroll, since the section does not own its container), and its footer (the section
/// footer: `PagingFooterHost`'s spinner), over the controllers `PagingList` uses. Unlike a
/// list's container, the status row scrolls away with the first cells while the grid pages on.
@MainActor
@Suite("Paging section in a lazy container", .timeLimit(.minutes(1)))
struct PagingSectionLifecycleTests {
  typealias Loader = PagedLoader<LifecycleRow, Int>

  /// A section of `loader` on screen in a grid, wired as `PagingSection` wires its views.
  @MainActor
  final class GridSection {
    let loader: Loader
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let footer: PagingEndView
    let header: PagingEndView

    init(_ loader: Loader) {
      self.loader = loader
      let state: @MainActor () -> PagingState = {
        PagingState(
          kind: loader.phase.kind, hasMore: loader.hasMore,
          hasPrevious: loader.hasPrevious ?? false)
      }
      footer = PagingEndView(controller.pager(.end), state: state) { await loader.loadMore() }
      header = PagingEndView(controller.pager(.start), state: state) {
        await loader.loadPrevious()
      }
    }

    /// The status row's hooks: the container's, and the phase forwarding without a scroll.
    var statusHooks: ViewHooks {
      let loader = loader
      let controller = controller
      return containerHooks(
        controller,
        state: {
          ContentState(
            source: ObjectIdentifier(loader),
            presentation: loader.phase.presentation(
              hasMore: loader.hasMore, hasPrevious: loader.hasPrevious))
        },
        actions: { LoadActions(paged: loader) }
      )
      .onChange(of: { loader.phase.kind }) { old, new in
        controller.pagedPhaseChanged(
          from: old, to: new, firstID: nil, position: { _ in nil }, scroll: { _ in })
      }
    }

    /// The section appears: its status row comes on screen and starts the first load.
    func appear() { lifecycle.appear("status", statusHooks) }

    /// The footer's spinner comes on screen (the reader scrolled to it).
    func showFooter() { lifecycle.appear("footer", footer.hooks) }

    /// The header's spinner comes on screen.
    func showHeader() { lifecycle.appear("header", header.hooks) }

    /// A page landed: the update, then its layout, which puts `offScreen` off screen.
    func land(offScreen: Set<String> = []) async {
      await drainMainActor()
      lifecycle.render()
      lifecycle.layout(offScreen: offScreen)
      await drainMainActor()
    }
  }

  func rows(_ ids: Range<Int>) -> [LifecycleRow] { ids.map { LifecycleRow(id: $0) } }

  @Test func theFooterLoadsOnePagePerAppearanceWhileTheStatusRowIsScrolledAway() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let grid = GridSection(Loader { try await pages.fetch($0) })
    grid.appear()
    await eventually { pages.pending == 1 }
    pages.succeed(rows(0..<6), next: 6)
    await grid.land()
    #expect(grid.loader.items.count == 6)

    // The reader scrolls down: the status row leaves, the footer comes on screen.
    grid.lifecycle.disappear("status")
    grid.showFooter()
    await eventually { pages.pending == 1 }
    // SwiftUI repeats onAppear without a disappearance: the same appearance, no second page.
    grid.showFooterAgainWithoutDisappearing()
    await drainMainActor()
    #expect(pages.calls == 2)
    // The page fills the screen: it pushes the footer off, and nothing more loads…
    pages.succeed(rows(6..<12), next: 12)
    await grid.land(offScreen: ["footer"])
    #expect(grid.loader.items.count == 12)
    #expect(pages.calls == 2)
    // …until the reader scrolls to it again: one more page.
    grid.showFooter()
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 6, 12])
    // Scrolled off and back while that page loads: the load is joined, not repeated.
    grid.lifecycle.disappear("footer")
    grid.showFooter()
    await drainMainActor()
    #expect(pages.calls == 3)
    // A short page leaves the renewed spinner on screen: it loads the next page by itself.
    pages.succeed(rows(12..<13), next: 13)
    await grid.land()
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 6, 12, 13])
    pages.succeed([], next: nil)
    await grid.land()
    #expect(pages.calls == 4)
  }

  @Test func aFailedPageShowsItsErrorAndLoadsAgainOnlyFromItsRetryButton() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let grid = GridSection(Loader { try await pages.fetch($0) })
    grid.appear()
    await eventually { pages.pending == 1 }
    pages.succeed(rows(0..<6), next: 6)
    await grid.land()
    grid.showFooter()
    await eventually { pages.pending == 1 }
    pages.fail(TestError(1))
    await eventually { !grid.controller.pager(.end).isLoadingMore }
    #expect(grid.loader.phase.kind == .loadMoreFailed)
    #expect(grid.loader.items.count == 6)
    // The error replaces the spinner: the footer shows the error, whose appearance loads
    // nothing, however often the reader scrolls to it.
    grid.lifecycle.swapBranch(from: "footer", to: "footerError")
    grid.lifecycle.disappear("footerError")
    grid.lifecycle.appear("footerError")
    await grid.land()
    #expect(pages.calls == 2)
    // Its retry button loads the failed page again, and returns when it lands.
    let retry = Task {
      await grid.controller.pager(.end).retry(loadMore: { [loader = grid.loader] in
        await loader.loadMore()
      })
    }
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 6, 6])
    pages.succeed(rows(6..<9), next: nil)
    await retry.value
    #expect(grid.loader.items.count == 9)
    // The end of the list: the footer shows the end, and no page loads from it.
    grid.lifecycle.swapBranch(from: "footerError", to: "endOfList")
    grid.showFooter()
    await grid.land()
    #expect(pages.calls == 3)
    #expect(grid.loader.hasMore == false)
  }

  @Test func theStatusRowsHeaderLoadsPreviousPagesWithoutAScrollOfItsOwn() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let grid = GridSection(Loader { try await pages.fetch($0) })
    grid.appear()
    await eventually { pages.pending == 1 }
    pages.succeed(rows(10..<12), next: 12, previous: 8)
    await grid.land()
    // The header's spinner is on screen at the top of the grid: the page before loads, once.
    grid.showHeader()
    await eventually { pages.pending == 1 }
    grid.lifecycle.render()  // the update that shows the page loading
    grid.showHeaderAgainWithoutDisappearing()
    await drainMainActor()
    #expect(pages.cursors == [nil, 8])
    pages.succeed(rows(8..<10), next: 10, previous: 6)
    await eventually { !grid.controller.pager(.start).isLoadingMore }
    // The page landed, but its rows are not in place yet: the same spinner's repeated onAppear
    // loads nothing.
    grid.showHeaderAgainWithoutDisappearing()
    await drainMainActor()
    #expect(pages.cursors == [nil, 8])
    // The section scrolls nothing; the forwarded phase change still renews the header once the
    // rows are in (after the update), and the renewed spinner, still on screen after the next
    // layout, loads the page before.
    await grid.land()
    #expect(grid.controller.pager(.start).generation == 1)
    await grid.land()
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 8, 6])
    grid.lifecycle.render()
    pages.succeed(rows(6..<8), next: 8, previous: nil)
    await grid.land()
    await grid.land()
    // The start of the list: nothing more loads at the top.
    #expect(grid.loader.items.map(\.id) == Array(6..<12))
    #expect(grid.loader.hasPrevious == false)
    #expect(pages.calls == 3)
  }
}

extension PagingSectionLifecycleTests.GridSection {
  /// SwiftUI calls the footer's `onAppear` again while it stays on screen.
  func showFooterAgainWithoutDisappearing() {
    footer.pager.footerAppeared(
      footer.state(), generation: footer.pager.generation, loadMore: footer.load)
  }

  /// SwiftUI calls the header's `onAppear` again while it stays on screen.
  func showHeaderAgainWithoutDisappearing() {
    header.pager.footerAppeared(
      header.state(), generation: header.pager.generation, loadMore: header.load)
  }
}
