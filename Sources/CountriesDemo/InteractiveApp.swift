public import AsyncContentCore
public import AsyncContentPersistence
public import Foundation

/// The interactive terminal app: the country list and a country's detail served by a
/// ``LoaderStore`` (through a ``CountryBrowser``), keys that drive them, and the screen
/// re-rendered from their presentation, as the core decides it: calm first loads
/// (``ProgressController`` on the store's clock), the banner's dismissal
/// (``BannerController``), the data's age, what VoiceOver would announce, an optimistic rename,
/// and the store's inspector.
@MainActor
public final class InteractiveApp {
  /// What a key asked for.
  public enum KeyOutcome: Equatable, Sendable {
    case keepRunning
    case quit(status: Int32)
  }

  public let client: CountriesClient
  /// The screens over the store: the list, the detail, the rename and the inspector's rows.
  public let browser: CountryBrowser
  /// Whether the list's failed-reload banner shows: the same ``BannerController`` as the
  /// SwiftUI layer's, so dismissing (`d`) is the core's decision, not this renderer's.
  package let banner = BannerController()
  /// Whether the detail's failed-reload banner shows.
  package let detailBanner = BannerController()
  /// Whether a first load of the list shows progress: the same ``ProgressController`` as the
  /// SwiftUI layer's, on the store's clock, so a quick first load never flashes a spinner here
  /// either.
  package let progress: ProgressController
  /// Whether a first load of a country's detail shows progress.
  package let detailProgress: ProgressController
  /// The texts, in the language of the POSIX environment.
  public let strings: DemoStrings
  /// The wall clock the list's age is measured with.
  public var wallClock: () -> Date = { Date() }
  /// What VoiceOver would announce for the last change the screen showed.
  package private(set) var announcement: Announcement?
  /// The failure rate the `f` key switches on.
  public let failureRateWhenOn: Double
  public private(set) var injectsFailures: Bool
  public private(set) var scroll: ScreenContext.Scroll = .top(0)
  /// The index of the list's selected row, which Enter opens.
  public private(set) var selection = 0
  /// The new name typed so far, while `r` renames the country on screen; `nil` otherwise.
  public private(set) var editingName: String?
  /// Whether the store inspector shows (`i`).
  public private(set) var showsInspector = false
  public private(set) var message: String?
  private var spinnerFrame = 0
  private var listRows = 10
  /// What the last screen showed, as an announcement sees it.
  private var shown: Announcement.Snapshot?
  /// The `POST /control` request of the last `f` press, cancelled on quit.
  private var controlTask: Task<Void, Never>?
  /// Takes the server down and brings it back (`o`), and tells the store.
  public let network: NetworkSwitch
  /// The switch of the last `o` press.
  private var networkTask: Task<Void, Never>?
  /// The database file of the store's cache.
  public let cache: CacheFile?
  /// The store's cache in ``cache``, which the store persists its keys in; `nil` without a file.
  public let persistentCache: PersistentCache?

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - client: The server's client.
  ///   - failureRate: The failure rate the `f` key switches on; above zero, failures start on.
  ///   - store: The store of the screens' loaders, made with `clients: client`; by default one
  ///     whose values go stale after 30 seconds, so that a country opened again within them
  ///     shows without a request.
  ///   - strings: The texts; by default in the language of the POSIX environment.
  ///   - cache: The database file of the store's cache, which the first message names: the
  ///     store persists its keys there, and shows at launch what the file holds.
  public init(
    client: CountriesClient, failureRate: Double,
    store: LoaderStore? = nil,
    strings: DemoStrings = DemoStrings(environment: ProcessInfo.processInfo.environment),
    cache: CacheFile? = nil
  ) {
    self.client = client
    let store = store ?? LoaderStore(staleness: .after(.seconds(30)), clients: client)
    // The store follows the network's status, which the o key sets as it takes the server down
    // and brings it back.
    self.network = NetworkSwitch(link: client.link)
    network.follow(startingIn: store)
    self.cache = cache
    self.message = cache.map(strings.cache)
    // The store persists its keys in the file before any screen asks for one, so that the list
    // and the countries the last run loaded show at once.
    let persistentCache = cache.map { PersistentCache(location: .file($0.url)) }
    if let persistentCache { store.persist(in: persistentCache) }
    self.persistentCache = persistentCache
    self.browser = CountryBrowser(client: client, store: store)
    // The renames a run made offline and could not send are sent again, with their keys.
    store.resumeQueuedMutations(browser.rename)
    self.progress = ProgressController(clock: store.clock)
    self.detailProgress = ProgressController(clock: store.clock)
    self.strings = strings
    self.injectsFailures = failureRate > 0
    self.failureRateWhenOn = failureRate > 0 ? failureRate : 1
  }

  /// The store of the screens' loaders.
  public var store: LoaderStore { browser.store }

  /// The list's loader: the store's loader of the list's key.
  public var loader: PagedLoader<Country, Int> { browser.list }

  /// The screen for a terminal of the given size.
  public func screen(columns: Int, rows: Int, isStyled: Bool) -> String {
    switch browser.screen {
    case .list: listScreen(columns: columns, rows: rows, isStyled: isStyled)
    case .detail: detailScreen(columns: columns, isStyled: isStyled)
    }
  }

  /// The message line: what the last key said, or else how the last rename went.
  private var currentMessage: String? {
    message
      ?? browser.lastRename.flatMap {
        strings.renameStatus(
          browser.rename.phase, name: $0.name, isPaused: browser.rename.isPaused)
      }
  }

  /// The list screen: the list takes the rows the other lines leave.
  private func listScreen(columns: Int, rows: Int, isStyled: Bool) -> String {
    let phase = loader.phase
    selection = min(selection, max(0, loader.items.count - 1))
    progress.update(kind: phase.kind, timing: loader.progressTiming ?? .default)
    var presentation = phase.presentation(
      hasMore: loader.hasMore, isWaitingForNetwork: loader.isWaitingForNetwork,
      progress: progress.display)
    banner.update(isPresent: phase.presentation(hasMore: loader.hasMore).banner != nil)
    presentation.banner = banner.visible(presentation.banner)
    announce(phase)
    var context = ScreenContext(
      source: client.baseURL.absoluteString, width: max(20, columns - 1), listRows: 1,
      scroll: scroll, spinnerFrame: spinnerFrame, injectsFailures: injectsFailures,
      message: currentMessage, isStyled: isStyled, strings: strings, loadedAt: loader.loadedDate,
      now: wallClock(), progress: progress.display,
      announcement: announcement.map(strings.voiceOverSays), selection: selection,
      inspector: showsInspector ? browser.inspectorRows() : nil,
      isServerDown: network.isServerDown)
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

  /// The detail screen of the country on top, from its key's loader in the store.
  private func detailScreen(columns: Int, isStyled: Bool) -> String {
    let detail = browser.detail
    let phase = detail.phase
    detailProgress.update(kind: phase.kind, timing: detail.loader?.progressTiming ?? .default)
    var presentation = phase.presentation(
      isWaitingForNetwork: detail.loader?.isWaitingForNetwork == true,
      progress: detailProgress.display)
    detailBanner.update(isPresent: phase.presentation().banner != nil)
    presentation.banner = detailBanner.visible(presentation.banner)
    let context = ScreenContext(
      source: client.baseURL.absoluteString, width: max(20, columns - 1),
      spinnerFrame: spinnerFrame, injectsFailures: injectsFailures, message: currentMessage,
      isStyled: isStyled, strings: strings, loadedAt: detail.loader?.loadedDate, now: wallClock(),
      progress: detailProgress.display, editingName: editingName,
      inspector: showsInspector ? browser.inspectorRows() : nil,
      isServerDown: network.isServerDown)
    return renderDetail(presentation, context: context)
  }

  /// Decides what the change since the last screen announces, as the SwiftUI layer's
  /// controller does for VoiceOver; the screen shows the latest announcement.
  private func announce(_ phase: PagedPhase<PagedLoader<Country, Int>.Items, any Error>) {
    let now = Announcement.Snapshot(
      phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled,
      isWaitingForNetwork: loader.isWaitingForNetwork,
      message: { [strings] in strings.defaults.message(for: $0) })
    if let shown, let made = Announcement(from: shown, to: now) { announcement = made }
    shown = now
  }

  /// Advances the spinner animation.
  public func tick() {
    spinnerFrame &+= 1
  }

  /// Shows the list, which starts its first load.
  public func start() {
    browser.showList()
  }

  /// Reacts to one key.
  public func handle(_ key: Key) -> KeyOutcome {
    defer { syncBanner() }  // a key that starts a reload takes the banner down, as a render does
    if editingName != nil { return handleEditing(key) }
    switch key {
    case .character("q"), .character("Q"), .endOfInput:
      return .quit(status: 0)
    case .interrupt:
      return .quit(status: 130)
    case .character("f"), .character("F"):
      toggleFailures()
    case .character("i"), .character("I"):
      showsInspector.toggle()
    case .character("o"), .character("O"):
      toggleServer()
    default:
      switch browser.screen {
      case .list: handleList(key)
      case .detail: handleDetail(key)
      }
    }
    return .keepRunning
  }

  /// A key on the list screen.
  private func handleList(_ key: Key) {
    let count = loader.items.count
    switch key {
    case .character("r"), .character("R"):
      message = nil
      scroll = .top(0)
      selection = 0
      loader.startReload()
    case .character(" "), .character("m"), .character("M"):
      message = nil
      if loader.hasMore {
        // Show the last rows and the footer, with the last row selected: the new page appears
        // below it.
        scroll = .top(max(0, count + 1 - listRows))
        selection = max(0, count - 1)
        loader.startLoadMore()
      } else if loader.phase.value == nil {
        loader.startLoad()
      } else {
        message = strings.string(.everyCountry)
      }
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
    case .enter:
      guard loader.items.indices.contains(selection) else { break }
      message = nil
      browser.open(code: loader.items[selection].alpha2)
    case .up, .character("k"), .character("K"): select(by: -1, count: count)
    case .down, .character("j"), .character("J"): select(by: 1, count: count)
    case .pageUp: select(by: -listRows, count: count)
    case .pageDown: select(by: listRows, count: count)
    case .home:
      scroll = .top(0)
      selection = 0
    case .end:
      scroll = .end
      selection = max(0, count - 1)
    case .character, .backspace, .escape, .interrupt, .endOfInput: break
    }
  }

  /// A key on a country's detail screen.
  private func handleDetail(_ key: Key) {
    let detail = browser.detail
    switch key {
    case .character("b"), .character("B"), .escape:
      message = nil
      browser.back()
    case .character("r"), .character("R"):
      if detail.value == nil {
        message = strings.string(.nothingToRename)
      } else {
        message = nil
        editingName = ""
      }
    case .enter:
      // Reloads the country on screen, or retries a failed first load.
      message = nil
      guard let loader = detail.loader else { break }
      if loader.phase.value == nil { loader.startLoad() } else { loader.startReload() }
    case .character("d"), .character("D"):
      detailBanner.update(isPresent: detail.phase.presentation().banner != nil)
      if detailBanner.isVisible {
        detailBanner.dismiss()
        detail.loader?.dismissError()
      }
    case .character("c"), .character("C"):
      if browser.cancelRename() {
        message = strings.string(.renameCancelled)
      } else {
        let wasLoading = detail.phase.isLoading
        detail.loader?.cancel()
        message = wasLoading ? strings.string(.loadCancelled) : nil
      }
    default:
      break
    }
  }

  /// A key while the new name is typed: letters type, Backspace deletes, Enter sends the
  /// rename, Escape gives up; Ctrl-C and end of input still quit.
  private func handleEditing(_ key: Key) -> KeyOutcome {
    switch key {
    case .interrupt:
      return .quit(status: 130)
    case .endOfInput:
      return .quit(status: 0)
    case .character(let character):
      if !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) {
        editingName?.append(character)
      }
    case .backspace:
      if editingName?.isEmpty == false { editingName?.removeLast() }
    case .escape:
      editingName = nil
    case .enter:
      let name = editingName ?? ""
      editingName = nil
      message = nil
      // The server checks the name (an empty one answers 422), so that the demo shows how a
      // refused rename rolls back.
      if let country = browser.detail.value {
        browser.startRename(Rename(country: country, name: name))
      }
    case .up, .down, .pageUp, .pageDown, .home, .end:
      break
    }
    return .keepRunning
  }

  /// Waits until the `POST /control` of the last `f` press has answered.
  public func waitForFailureToggle() async {
    await controlTask?.value
  }

  /// Waits until the server of the last `o` press is down or back, and the store has heard it.
  public func waitForServerToggle() async {
    await networkTask?.value
  }

  /// Waits until the last rename has ended.
  public func waitForRename() async {
    await browser.waitForRename()
  }

  /// Ends the screens' observations and cancels their loads; a rename that runs goes on.
  public func stop() {
    controlTask?.cancel()
    browser.stop()
    network.finish()
  }

  /// Stops, and writes what the cache has not written yet, as an app does when it quits.
  public func close() async {
    stop()
    await persistentCache?.flush()
  }

  /// Tells the banner controller whether the phase on screen has a banner.
  private func syncBanner() {
    banner.update(isPresent: loader.phase.presentation(hasMore: loader.hasMore).banner != nil)
  }

  /// Moves the selection by `delta` rows and scrolls it into view; the last row scrolls the
  /// footer into view with it, so that moving down keeps loading pages, as scrolling did.
  private func select(by delta: Int, count: Int) {
    guard count > 0 else { return }
    selection = min(max(0, selection + delta), count - 1)
    let first = ScreenContext(source: "", listRows: listRows, scroll: scroll)
      .firstVisibleRow(count: count)
    let lastNeeded = selection == count - 1 ? count : selection
    if selection < first {
      scroll = .top(selection)
    } else if lastNeeded >= first + listRows {
      scroll = .top(lastNeeded - listRows + 1)
    }
  }

  /// Takes the server down, or brings it back: the store hears that the network is offline
  /// (loads wait for it) or online (they resume).
  private func toggleServer() {
    let previous = networkTask
    networkTask = Task { [weak self, network, strings] in
      // One switch after the other, in the order of the presses.
      await previous?.value
      guard let self else { return }
      if network.isServerDown {
        await network.bringServerBack()
        self.message = strings.string(.serverBack)
      } else {
        do {
          try await network.takeServerDown()
          self.message = strings.string(.serverDown)
        } catch {
          self.message = strings.couldNotTakeServerDown(strings.defaults.message(for: error))
        }
      }
    }
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
    await close()
    return status
  }
}
