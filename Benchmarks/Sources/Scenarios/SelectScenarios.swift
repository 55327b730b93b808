public import AsyncContentCore
import Observation

// Selections (issue 23): `LoaderStore.value(for:select:)` observes a part of a key's value. A
// screen that reads one field must hear nothing when another field changes, and exactly once
// when its own field does.

/// The value of ``SelectKey``: two fields, and not `Equatable`.
public struct SelectProfile: Sendable {
  public var name: Int
  public var visits: Int
}

/// A key of the selection scenario; its value is set by the scenario, never fetched.
public struct SelectKey: LoaderKey {
  public init() {}

  public func fetch(using _: Void) async throws -> SelectProfile {
    SelectProfile(name: 0, visits: try await immediateOperation())
  }
}

/// How many notifications a reader of one field heard.
public struct SelectNotifications: Sendable {
  /// While `changes` edits changed only the field it does not read.
  public var unreadField: Int
  /// While `changes` edits changed the field it reads.
  public var readField: Int
}

/// A screen reading `store.value(for: SelectKey(), select: \.name)` under observation tracking,
/// tracking again after each notification as a view renders again: `changes` edits of the
/// field it does not read (`visits`), then `changes` edits of the field it reads (`name`).
@MainActor
public func countSelectNotifications(changes: Int) -> SelectNotifications {
  let store = LoaderStore(clock: ManualClock(), staleness: .never)
  let key = SelectKey()
  store.setValue(SelectProfile(name: 0, visits: 0), for: key)
  let heard = NotificationCount()
  func track() {
    withObservationTracking {
      _ = store.value(for: key, select: \.name)
    } onChange: {
      heard.increment()
    }
  }
  track()
  var counts = SelectNotifications(unreadField: 0, readField: 0)
  for _ in 0..<changes {
    let before = heard.value
    store.updateValue(for: key) { $0.visits &+= 1 }
    if heard.value != before { track() }
  }
  counts.unreadField = heard.value
  for _ in 0..<changes {
    let before = heard.value
    store.updateValue(for: key) { $0.name &+= 1 }
    if heard.value != before { track() }
  }
  counts.readField = heard.value - counts.unreadField
  withExtendedLifetime(store) {}
  return counts
}

/// A counter the observation's `@Sendable` change handler increments.
private final class NotificationCount: @unchecked Sendable {
  // Only the main actor touches it: the handler runs in the change, on the main actor.
  private(set) var value = 0
  func increment() { value += 1 }
}
