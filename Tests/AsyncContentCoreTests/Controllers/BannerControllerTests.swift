import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

@MainActor
@Suite("BannerController", .timeLimit(.minutes(1)))
struct BannerControllerTests {
  @Test func aPersistentBannerStaysUntilDismissedAndTheNextFailureShowsAgain() {
    let banner = BannerController()
    #expect(banner.visible(Boom()) == Boom(), "shows on the render where it first appears")
    banner.update(isPresent: true)
    #expect(banner.isVisible)
    banner.dismiss()
    #expect(!banner.isVisible)
    #expect(banner.visible(Boom()) == nil)
    banner.update(isPresent: true)  // the same banner, another frame: still dismissed
    #expect(banner.visible(Boom()) == nil)
    banner.update(isPresent: false)  // the next reload starts
    banner.update(isPresent: true)  // and fails
    #expect(banner.visible(Boom()) == Boom())
    #expect(banner.occurrences == 2)
  }

  @Test func anOffBannerNeverShows() {
    let banner = BannerController(policy: .off)
    banner.update(isPresent: true)
    #expect(!banner.isVisible)
    #expect(banner.visible(Boom()) == nil)
    banner.update(isPresent: true, policy: .persistent)
    #expect(banner.visible(Boom()) == Boom())
  }

  @Test func aTransientBannerHidesItselfOnTheClock() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let banner = BannerController(policy: .transient(.seconds(4)), clock: clock)
      banner.update(isPresent: true)
      await drainMainActor()
      #expect(banner.isVisible)
      await clock.advanceAndDrain(by: .seconds(3))
      #expect(banner.isVisible)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(!banner.isVisible)
      #expect(banner.visible(Boom()) == nil)

      // The next failure gets its own four seconds.
      banner.update(isPresent: false)
      banner.update(isPresent: true)
      await drainMainActor()
      #expect(banner.isVisible)
      await clock.advanceAndDrain(by: .seconds(2))
      banner.dismiss()  // sooner than the clock
      #expect(!banner.isVisible)
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(!banner.isVisible)
    }
  }

  @Test func aBannerThatGoesAwayStopsItsTimer() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let banner = BannerController(policy: .transient(.seconds(4)), clock: clock)
      banner.update(isPresent: true)
      await drainMainActor()
      banner.update(isPresent: false)
      banner.update(isPresent: true)
      await drainMainActor()
      await clock.advanceAndDrain(by: .seconds(3))
      #expect(banner.isVisible, "the first banner's timer was stopped")
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(!banner.isVisible)
    }
  }

  @Test func theContainerAppliesThePolicyItRenders() {
    let controller = ContentController()
    let failed = LoadPhase<[Int], Boom>.reloadFailed([1], Boom()).presentation()
    controller.appeared(
      ContentState(source: nil, presentation: failed, bannerPolicy: .off), actions: .none)
    #expect(controller.banner.visible(failed.banner) == nil)
    controller.changed(
      to: ContentState(source: nil, presentation: failed, bannerPolicy: .persistent),
      actions: .none)
    #expect(controller.banner.visible(failed.banner) == Boom())
  }
}
