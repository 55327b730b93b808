public import AsyncContentCore
public import Foundation

/// The interactive terminal app: one PagedLoader, keys that drive it, and the screen
/// re-rendered from its presentation, as the core decides it: calm first loads
/// (``ProgressController`` on the loader's clock), the banner's dismissal
/// (``BannerController``), the list's age, and what VoiceOver would announce.
@MainActor
public final class InteractiveApp {
  /// What a key asked for.
  public enum KeyOutcome: Equatable, Sendable {
    case keepRunning
    case quit(status: Int32)
  }

  public let client: CountriesClient
  public let loader: PagedLoader<Country, Int>
  /// Whether the failed-reload banner shows: the same ``BannerController`` as the SwiftUI
  /// layer's, so dismissing (`d`) is the core's decision, not this renderer's.
  public let banner = BannerController()
  /// Whether a first load shows progress: the same ``ProgressController`` as the SwiftUI
  /// layer's, on the loader's clock, so a quick first load never flashes a spinner here either.
  public let progress: ProgressController
  /// The texts, in the language of the POSIX environment.
  public let strings: DemoStrings
  /// The wall clock the list's age is measured with.
  public var wallClock: () -> Date = { Date() }
  /// What VoiceOver would announce for the last change the screen showed.
  public private(set) var announcement: Announcement?
  /// The failure rate the `f` key switches on.
  public let failureRateWhenOn: Double
  public private(set) var injectsFailures: Bool
  public private(set) var scroll: ScreenContext.Scroll = .top(0)
  public private(set) var message: String?
  private var spinnerFrame = 0
  private var listRows = 10
  /// What the last screen showed, as an announcement sees it.
  private var shown: Announcement.Snapshot?
  /// The `POST /control` request of the last `f` press, cancelled on quit.
  private var controlTask: Task<Void, Never>?

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - client: The server's client.
  ///   - failureRate: The failure rate the `f` key switches on; above zero, failures start on.
  ///   - strings: The texts; by default in the language of the POSIX environment.
  public init(
    client: CountriesClient, failureRate: Double,
    strings: DemoStrings = DemoStrings(environment: ProcessInfo.processInfo.environment)
  ) {
    self.client = client
    self.loader = client.makeLoader()
    self.progress = ProgressController(clock: loader.clock)
    self.strings = strings
    self.injectsFailures = failureRate > 0
    self.failureRateWhenOn = failureRate > 0 ? failureRate : 1
  }

  /// The screen for a terminal of the given size: the list takes the rows the other lines
  /// leave.
  public func screen(columns: Int, rows: Int, isStyled: Bool) -> String {
    let phase = loader.phase
    progress.update(kind: phase.kind, timing: loader.progressTiming ?? .default)
    var presentation = phase.presentation(hasMore: loader.hasMore, progress: progress.display)
    banner.update(isPresent: phase.presentation(hasMore: loader.hasMore).banner != nil)
    presentation.banner = banner.visible(presentation.banner)
    announce(phase)
    var context = ScreenContext(
      source: client.baseURL.absoluteString, width: max(20, columns - 1), listRows: 1,
      scroll: scroll, spinnerFrame: spinnerFrame, injectsFailures: injectsFailures,
      message: message, isStyled: isStyled, strings: strings, loadedAt: loader.loadedDate,
      now: wallClock(), progress: progress.display,
      announcement: announcement.map(strings.voiceOverSays))
    let chrome = render(presentation, context: context).split(separator: "\n").count
    context.listRows = max(1, rows - chrome)
    listRows = context.listRows
    let text = render(presentation, context: context)
    // A footer spinner that is on screen asks for the next page, as a SwiftUI footer's
    // `onAppear` does; the loader joins a load-more that runs and ignores it at the end.
    if case .loading = presentation.footer, let count = presentation.content?.count,
      context.showsFooter(count: count)
    {
      loader.startLoadMore()
    }
    return text
  }

  /// Decides what the change since the last screen announces, as the SwiftUI layer's
  /// controller does for VoiceOver; the screen shows the latest announcement.
  private func announce(_ phase: PagedPhase<PagedLoader<Country, Int>.Items, any Error>) {
    let now = Announcement.Snapshot(
      phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled,
      message: { [strings] in strings.defaults.message(for: $0) })
    if let shown, let made = Announcement(from: shown, to: now) { announcement = made }
    shown = now
  }

  /// Advances the spinner animation.
  public func tick() {
    spinnerFrame &+= 1
  }

  /// Starts the first load.
  public func start() {
    loader.startLoad()
  }

  /// Reacts to one key.
  public func handle(_ key: Key) -> KeyOutcome {
    defer { syncBanner() }  // a key that starts a reload takes the banner down, as a render does
    let count = loader.items.count
    switch key {
    case .character("q"), .character("Q"), .endOfInput:
      return .quit(status: 0)
    case .interrupt:
      return .quit(status: 130)
    case .character("r"), .character("R"):
      message = nil
      scroll = .top(0)
      loader.startReload()
    case .character(" "), .character("m"), .character("M"):
      message = nil
      if loader.hasMore {
        // Show the last rows and the footer: the new page appears below them.
        scroll = .top(max(0, count + 1 - listRows))
        loader.startLoadMore()
      } else if loader.phase.value == nil {
        loader.startLoad()
      } else {
        message = strings.string(.everyCountry)
      }
    case .character("f"), .character("F"):
      toggleFailures()
    case .character("d"), .character("D"):
      syncBanner()
      if banner.isVisible {
        banner.dismiss()
        loader.dismissError()
        message = strings.string(.bannerDismissed)
      }
    case .character("c"), .character("C"):
      let wasLoading = loader.phase.isLoading
      loader.cancel()
      message = wasLoading ? strings.string(.loadCancelled) : nil
    case .up: scrollBy(-1, count: count)
    case .down: scrollBy(1, count: count)
    case .pageUp: scrollBy(-listRows, count: count)
    case .pageDown: scrollBy(listRows, count: count)
    case .home: scroll = .top(0)
    case .end: scroll = .end
    case .character: break
    }
    return .keepRunning
  }

  /// Waits until the `POST /control` of the last `f` press has answered.
  public func waitForFailureToggle() async {
    await controlTask?.value
  }

  /// Cancels what runs.
  public func stop() {
    controlTask?.cancel()
    loader.cancel()
  }

  /// Tells the banner controller whether the phase on screen has a banner.
  private func syncBanner() {
    banner.update(isPresent: loader.phase.presentation(hasMore: loader.hasMore).banner != nil)
  }

  private func scrollBy(_ delta: Int, count: Int) {
    let context = ScreenContext(source: "", listRows: listRows, scroll: scroll)
    scroll = .top(max(0, context.firstVisibleRow(count: count) + delta))
  }

  private func toggleFailures() {
    let turnOn = !injectsFailures
    let rate = turnOn ? failureRateWhenOn : 0
    message = strings.string(turnOn ? .turningFailuresOn : .turningFailuresOff)
    controlTask?.cancel()
    controlTask = Task { [weak self, client, strings] in
      do {
        let knobs = try await client.control(failureRate: rate)
        guard let self, !Task.isCancelled else { return }
        self.injectsFailures = knobs.failureRate > 0
        self.message =
          self.injectsFailures
          ? strings.failuresOn(percent: Int(knobs.failureRate * 100))
          : strings.string(.failuresOffDone)
      } catch {
        guard let self, !Task.isCancelled else { return }
        self.message = strings.couldNotChangeFailureRate(strings.defaults.message(for: error))
      }
    }
  }

  /// Runs the app in the terminal until `q`, Ctrl-C or end of input, and returns the exit
  /// status. The terminal is restored on every way out.
  public func runInTerminal() async -> Int32 {
    do {
      try Terminal.enterRawMode()
    } catch {
      Terminal.writeError("countries: \(error)\n")
      return CountriesCommand.ExitStatus.software
    }
    defer { Terminal.restore() }
    start()
    let redraw = { [self] in
      let size = Terminal.size()
      let text = screen(columns: size.columns, rows: size.rows, isStyled: true)
      Terminal.write(
        ANSI.cursorHome
          + text.replacingOccurrences(of: "\n", with: ANSI.clearToEndOfLine + "\n")
          + ANSI.clearToEndOfScreen)
    }
    redraw()
    // Animates the spinners and shows what landed; the loader's changes are picked up on the
    // next frame.
    let animation = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(100))
        guard let self, !Task.isCancelled else { return }
        self.tick()
        redraw()
      }
    }
    defer { animation.cancel() }
    var status: Int32 = 0
    for await key in Terminal.keys() {
      if case .quit(let code) = handle(key) {
        status = code
        break
      }
      redraw()
    }
    stop()
    return status
  }
}
