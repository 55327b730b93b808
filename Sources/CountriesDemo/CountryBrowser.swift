public import AsyncContentCore
import Observation

/// The demo's screens over one ``LoaderStore``: the country list, served by a
/// ``CountryListKey``; a country's detail, served by a ``CountryKey``; the rename; and the rows
/// of the store's inspector.
///
/// No screen creates a loader: each asks the store for its key's, and observes the key while
/// it is on screen, as a SwiftUI screen would. The list stays observed while a detail shows
/// over it (a navigation stack keeps the screen below), and a detail that closes leaves its
/// entry cached, so that opening the country again shows it at once, revalidated when stale.
/// The interactive app maps keys onto it; the script calls it directly.
///
/// ```swift
/// let store = LoaderStore(staleness: .after(.seconds(30)), clients: client)
/// let browser = CountryBrowser(client: client, store: store)
/// browser.showList()           // observes the list: its first page loads
/// browser.open(code: "AT")     // observes country(AT): it loads
/// browser.back()               // ends the observation; the entry stays
/// browser.open(code: "AT")     // the cached country at once, revalidated when stale
/// ```
@MainActor
public final class CountryBrowser {
  /// The screen on top.
  public enum Screen: Hashable, Sendable {
    case list
    /// The detail of the country with this alpha-2 code, over the list.
    case detail(code: String)
  }

  /// The server's client, which sends the renames.
  public let client: CountriesClient
  /// The store every screen's loader comes from; its keys fetch with its ``CountriesClient``.
  public let store: LoaderStore
  /// The list's key.
  public let listKey: CountryListKey
  /// The list's loader: the store's loader of ``listKey``.
  public private(set) var list: PagedLoader<Country, Int>
  /// The detail: the key of the country on screen, observed while its detail shows.
  package let detail: ValueScreen<CountryKey>
  /// The rename: an optimistic edit of the list's row and of the detail, rolled back when the
  /// server fails or refuses; the server's answer written back to both after a success.
  public let rename: Mutation<Rename, Country>
  /// The screen on top.
  public private(set) var screen: Screen = .list
  /// The last rename sent, for its status line; `nil` once another screen opened.
  public private(set) var lastRename: Rename?
  /// The observation of the list, from ``showList()`` to ``stop()``.
  private var listSubscription: StoreSubscription<PagedLoader<Country, Int>>?
  /// Creates the screens over `store`; nothing loads until ``showList()``.
  ///
  /// - Parameters:
  ///   - client: The server's client, which sends the renames.
  ///   - store: The store of the loaders, made with `clients: client`.
  public init(client: CountriesClient, store: LoaderStore) {
    self.client = client
    self.store = store
    self.listKey = CountryListKey()
    self.list = store.pagedLoader(for: listKey)
    self.detail = ValueScreen(store: store)
    self.rename = .rename(using: client)
  }

  /// The list appears: it is observed from now on, which loads it if it has nothing current.
  public func showList() {
    guard listSubscription == nil else { return }
    let subscription = store.observe(listKey)
    listSubscription = subscription
    // The same loader, unless the store evicted the entry before anyone observed it.
    list = subscription.loader
  }

  /// Opens the detail of the country with the alpha-2 code `code`: observes its key, which
  /// shows a cached value at once and loads when there is nothing current (no value, a failure,
  /// or a stale value, which stays on screen while it reloads).
  ///
  /// - Parameter code: The country's alpha-2 code.
  public func open(code: String) {
    let key = CountryKey(code: code)
    if lastRename?.country.alpha2.uppercased() != key.code, !rename.isRunning {
      lastRename = nil
    }
    detail.select(key)
    screen = .detail(code: key.code)
  }

  /// Closes the detail: its observation ends, its entry stays cached for the store's
  /// `gcAfter`, and a load that runs goes on.
  public func back() {
    detail.stop()
    screen = .list
  }

  /// Sends `input` and edits the list and the detail at once; `false` when a rename runs.
  ///
  /// - Parameter input: The country as shown and its new name.
  @discardableResult
  public func startRename(_ input: Rename) -> Bool {
    // One rename at a time from this screen; the mutation would queue a second one.
    guard !rename.isRunning else { return false }
    // `start` applies the optimistic edit now, before the request goes out.
    rename.start(input, in: store)
    lastRename = input
    return true
  }

  /// Cancels the running rename, which rolls its edits back; `false` when none runs.
  @discardableResult
  public func cancelRename() -> Bool {
    guard rename.isRunning else { return false }
    rename.cancel()
    lastRename = nil
    return true
  }

  /// Waits until the last rename has ended (succeeded, failed or been cancelled).
  public func waitForRename() async {
    let rename = rename
    while rename.isRunning {
      // The check and the registration happen in one main-actor turn, so no change slips
      // between them; `onChange` fires as the phase changes, on the main actor.
      await withCheckedContinuation { continuation in
        withObservationTracking {
          _ = rename.phase
        } onChange: {
          continuation.resume()
        }
      }
    }
  }

  /// The store's entries, as the inspector lists them.
  public func inspectorRows() -> [InspectorRow] {
    store.snapshot().map(InspectorRow.init)
  }

  /// Ends the observations and cancels the loads; a rename that runs goes on, as a save does
  /// when its screen goes away.
  public func stop() {
    detail.stop()
    detail.loader?.cancel()
    listSubscription?.cancel()
    listSubscription = nil
    list.cancel()
  }
}

/// One row of the store inspector: an entry of ``LoaderStore/snapshot()``, as text and numbers.
public struct InspectorRow: Hashable, Sendable {
  /// The key, as the key describes itself: `countries`, `country(AT)`.
  public var key: String
  /// The phase's kind, named as in code (`.reloading`), like the key.
  public var kind: PhaseKind
  /// How old the value is; `nil` when there is none.
  public var age: Duration?
  /// Whether the next observer reloads the value.
  public var isStale: Bool
  /// How many screens observe the entry.
  public var observers: Int
  /// Failed attempts since the last success.
  public var failures: Int

  public init(
    key: String, kind: PhaseKind, age: Duration? = nil, isStale: Bool = false, observers: Int = 0,
    failures: Int = 0
  ) {
    self.key = key
    self.kind = kind
    self.age = age
    self.isStale = isStale
    self.observers = observers
    self.failures = failures
  }

  /// The row of a store entry.
  package init(_ entry: StoreEntrySnapshot) {
    self.init(
      key: entry.id, kind: entry.kind, age: entry.age, isStale: entry.isStale,
      observers: entry.observers, failures: entry.failureCount)
  }
}
