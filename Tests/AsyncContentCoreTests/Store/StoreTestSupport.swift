import AsyncContentCore
import AsyncContentTestSupport

/// A key of the store tests: `id` names it, and its fetch waits at `gate` until the test ends
/// the call. Equal ids are equal keys, whatever the gate and the durations.
/// A key of the store tests whose fetch waits at its `gate`.
protocol GatedKey: LoaderKey {
  var gate: Gate<Value> { get }
}

struct NumberKey: GatedKey, CustomStringConvertible {
  let id: Int
  let gate: Gate<Int>
  var staleness: Staleness?
  var gcAfter: Duration?
  var refetchInterval: Duration?
  var isEnabled: Bool

  init(
    _ id: Int, gate: Gate<Int>, staleness: Staleness? = nil, gcAfter: Duration? = nil,
    refetchInterval: Duration? = nil, isEnabled: Bool = true
  ) {
    self.id = id
    self.gate = gate
    self.staleness = staleness
    self.gcAfter = gcAfter
    self.refetchInterval = refetchInterval
    self.isEnabled = isEnabled
  }

  func fetch(using _: Void) async throws -> Int {
    try await gate.call()
  }

  static func == (lhs: NumberKey, rhs: NumberKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  var description: String { "NumberKey(\(id))" }
}

/// A second key type with the same fields, to tell key types apart.
struct NameKey: LoaderKey {
  let id: Int
  func fetch(using _: Void) async throws -> String { "name \(id)" }
}

/// Observes `key` and lands `value`; the observation goes on.
@MainActor
func observeLoaded<Key: GatedKey>(
  _ value: Key.Value, for key: Key, in store: LoaderStore
) async -> StoreSubscription<AsyncLoader<Key.Value>> {
  let subscription = store.observe(key)
  await yield { key.gate.pending == 1 }
  key.gate.succeed(value)
  await yield { subscription.loader.phase.kind == .loaded }
  return subscription
}

extension LoadPhase where Value: Equatable {
  /// Whether the phase is of `kind` with `value`, whatever its error.
  func isKind(_ kind: PhaseKind, value: Value? = nil) -> Bool {
    self.kind == kind && self.value == value
  }
}
