package import Foundation

/// A persisted cache attached to a ``LoaderStore`` (`LoaderStore.persist(in:)`), as the store
/// calls it: on the main actor, synchronously; the cache writes later, off the main actor.
@MainActor
package protocol StorePersistence: AnyObject {
  /// What the cache holds for `key`, if a new entry of it would show a stored value: the store
  /// asks before it creates an entry for a read or an edit, and hands the answer to
  /// ``entryCreated(for:loader:stored:)-(Key,_,_)``.
  func storedValue(for key: some StoreKey) -> StoredValue?

  /// The store created the entry of `key` with a new idle `loader`: the cache lands what it
  /// stored for the key (`stored`, or its own lookup when `nil`) and watches the new values.
  func entryCreated<Key: LoaderKey>(
    for key: Key, loader: AsyncLoader<Key.Value>, stored: StoredValue?)

  /// The store created the entry of the paged `key`, as for a value.
  func entryCreated<Key: PagedLoaderKey>(
    for key: Key, loader: PagedLoader<Key.Item, Key.Cursor>, stored: StoredValue?)

  /// The store invalidated `key`: its stored value is stale from now on, also after a relaunch.
  func invalidated(_ key: any StoreKey)

  /// The store forgot the value of `key` (`remove(_:)`, `reset(_:)`): its stored value goes.
  func removed(_ key: any StoreKey)

  /// The store forgot every value (`removeAll()`), of the keys it holds or not.
  func removedAll()

  /// Every scene of the app went to the background: the cache writes what it holds now.
  func wentToBackground()

  /// A scene is active again after every scene was in the background.
  func becameActive()
}

/// What a persisted cache found for a key, opaque to the store, which hands it back.
package struct StoredValue {
  package let found: Any

  package init(_ found: Any) {
    self.found = found
  }
}

extension LoaderClock {
  /// Runs `wake` on the main actor after `delay`, unless the task is cancelled first: what a
  /// persisted cache schedules its writes with, so that a `TestClock` drives them.
  @MainActor
  package func wakeUp(
    after delay: Duration, _ wake: @escaping @MainActor () -> Void
  ) -> Task<Void, Never> {
    wakeUp(at: now.advanced(by: delay), wake)
  }
}

// MARK: - Listeners

extension LoaderCore {
  /// Adds `listener` to those that hear every change of the phase (``phaseListener``).
  package func addListener(_ listener: PhaseListener) {
    listener.next = phaseListener
    phaseListener = listener
  }

  /// The listener of type `type`, if the loader has one.
  package func listener<Listener: PhaseListener>(_: Listener.Type) -> Listener? {
    var listener = phaseListener
    while let current = listener {
      if let match = current as? Listener { return match }
      listener = current.next
    }
    return nil
  }

  /// The value on screen became the server's (the mutation whose optimistic edit it is
  /// succeeded): every listener hears it as a new value, so that a persisted cache writes the
  /// value it skipped while the edit could still be rolled back.
  package func valueConfirmed() {
    var listener = phaseListener
    while let current = listener {
      current.valueChanged = true
      current.phaseChanged()
      listener = current.next
    }
  }

  /// How old the value is on the loader's clock, unobserved; `nil` without a value.
  var unobservedAge: Duration? {
    storedLoadedAt.map { $0.duration(to: clock.now) }
  }

  /// Dates a restored value: it landed `age` ago on the loader's clock and at `savedDate` on the
  /// wall clock, and is stale when `isStale` (its row was invalidated).
  func dateRestoredValue(age: Duration, savedDate: Date, isStale: Bool) {
    storedLoadedAt = clock.now.advanced(by: .zero - age)
    storedLoadedDate = savedDate
    isMarkedStale = isStale
  }
}

/// What a persisted cache hears of a loader: each new value (a load landed, an edit, a rollback),
/// with its age on the loader's clock and whether it is marked stale.
@MainActor
final class ValueWatcher<Value>: PhaseListener {
  /// Reads the loader's value, its date and its staleness mark, unobserved.
  private let read: @MainActor () -> (Value, Duration, Bool)?
  /// Whether the phase is a page loading (load-more, previous page): a page lands without a new
  /// date, so the watcher tells it by the phase that follows.
  private let isLoadingPage: @MainActor () -> Bool
  private let onValue: @MainActor (Value, Duration, Bool) -> Void
  private var wasLoadingPage = false

  init(
    read: @escaping @MainActor () -> (Value, Duration, Bool)?,
    isLoadingPage: @escaping @MainActor () -> Bool = { false },
    onValue: @escaping @MainActor (Value, Duration, Bool) -> Void
  ) {
    self.read = read
    self.isLoadingPage = isLoadingPage
    self.onValue = onValue
  }

  override func phaseChanged() {
    let loadingPage = isLoadingPage()
    let pageEnded = wasLoadingPage && !loadingPage
    wasLoadingPage = loadingPage
    guard valueChanged || pageEnded else { return }
    valueChanged = false
    guard let (value, date, isStale) = read() else { return }
    onValue(value, date, isStale)
  }
}

extension AsyncLoader {
  /// Calls `onValue` with every new value of the loader, synchronously: a load that lands, an
  /// edit, a rollback. It gets the value, its age on the loader's clock (zero for a value that
  /// just landed) and whether it is marked stale.
  package func watchValues(_ onValue: @escaping @MainActor (Value, Duration, Bool) -> Void) {
    let watcher = ValueWatcher<Value>(
      read: { [unowned self] in
        // An optimistic edit that a rollback may still take back is not the value to keep: the
        // cache keeps the value under it until the edit is confirmed (``valueConfirmed()``).
        guard !core.isValueEdited, let value = storedPhase.value, let age = core.unobservedAge
        else { return nil }
        return (value, age, core.isMarkedStale)
      },
      onValue: onValue)
    core.addListener(watcher)
  }

  /// Shows `value`, restored from a persisted cache, in this new loader: dated `age` ago (on the
  /// loader's clock) and at `savedDate` (its wall clock), stale when `isStale`. With a store's
  /// staleness of `.after(.zero)`, it is stale anyway, and its first observer revalidates it.
  package func landRestored(_ value: Value, age: Duration, savedDate: Date, isStale: Bool) {
    core.changePhase {
      storedPhase = .loaded(value)
      return true
    }
    core.dateRestoredValue(age: age, savedDate: savedDate, isStale: isStale)
  }
}

/// What a persisted cache stores of a paged list: its items and its cursors.
package struct PagedListSnapshot<Item, Cursor> {
  package var items: [Item]
  /// The cursor of the next page: `nil` at the end, `.some(nil)` for a first page a window
  /// dropped.
  package var nextCursor: Cursor??
  /// The cursor of the previous page, likewise.
  package var previousCursor: Cursor??
  package var pagesBackward: Bool

  package init(items: [Item], nextCursor: Cursor??, previousCursor: Cursor??, pagesBackward: Bool) {
    self.items = items
    self.nextCursor = nextCursor
    self.previousCursor = previousCursor
    self.pagesBackward = pagesBackward
  }
}

extension PagedListSnapshot: Sendable where Item: Sendable, Cursor: Sendable {}

extension PagedLoader {
  /// Calls `onValue` with every new state of the list: a first page or reload that lands, a
  /// page that lands, an edit, a rollback.
  package func watchValues(
    _ onValue: @escaping @MainActor (PagedListSnapshot<Item, Cursor>, Duration, Bool) -> Void
  ) {
    let watcher = ValueWatcher<PagedListSnapshot<Item, Cursor>>(
      read: { [unowned self] in
        guard !core.isValueEdited, let items = storedPhase.value, let age = core.unobservedAge
        else { return nil }
        let snapshot = PagedListSnapshot(
          items: Array(items), nextCursor: storedNextCursor, previousCursor: storedPreviousCursor,
          pagesBackward: storedPagesBackward)
        return (snapshot, age, core.isMarkedStale)
      },
      isLoadingPage: { [unowned self] in
        storedPhase.kind == .loadingMore || storedPhase.kind == .loadingPrevious
      },
      onValue: onValue)
    core.addListener(watcher)
  }

  /// Shows the list `snapshot`, restored from a persisted cache, in this new loader, dated and
  /// marked as ``AsyncLoader/landRestored(_:age:savedDate:isStale:)`` says.
  package func landRestored(
    _ snapshot: PagedListSnapshot<Item, Cursor>, age: Duration, savedDate: Date, isStale: Bool
  ) {
    let items = Items(snapshot.items)
    storedNextCursor = snapshot.nextCursor
    storedPreviousCursor = snapshot.previousCursor
    storedPagesBackward = snapshot.pagesBackward
    if maxPages != nil { keptPages = [KeptPage(cursor: nil, count: items.count)] }
    core.changePhase {
      storedPhase = .loaded(items)
      return true
    }
    core.dateRestoredValue(age: age, savedDate: savedDate, isStale: isStale)
  }
}
