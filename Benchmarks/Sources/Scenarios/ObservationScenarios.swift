import Observation

// Why a loader cycle costs what it costs: `@Observable` on a generic class forms its key paths
// (`\.phase`) on every access and mutation, and the runtime instantiates a generic key path
// anew each time (demangling its types and allocating the key path object), where a
// non-generic class's key path is instantiated once and cached. These boxes measure one read
// and one write of an observed property three ways; callgrind.sh reports them (not
// thresholded).

@Observable
private final class GenericBox<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

@Observable
private final class ConcreteBox {
  var value = 0
}

/// A generic observable class written by hand, with its key path formed once per instance.
private final class CachedKeyPathBox<Value>: Observable {
  private let registrar = ObservationRegistrar()
  private let valueKeyPath: KeyPath<CachedKeyPathBox, Value>
  private var storedValue: Value

  init(_ value: Value) {
    storedValue = value
    valueKeyPath = \CachedKeyPathBox.value
  }

  var value: Value {
    get {
      registrar.access(self, keyPath: valueKeyPath)
      return storedValue
    }
    set {
      registrar.withMutation(of: self, keyPath: valueKeyPath) { storedValue = newValue }
    }
  }
}

/// `count` reads and writes of a generic `@Observable` class's property.
public func observeGeneric(_ count: Int) -> Int {
  let box = GenericBox(0)
  for index in 0..<count { box.value = box.value &+ index }
  return box.value
}

/// `count` reads and writes of a non-generic `@Observable` class's property.
public func observeConcrete(_ count: Int) -> Int {
  let box = ConcreteBox()
  for index in 0..<count { box.value = box.value &+ index }
  return box.value
}

/// `count` reads and writes of a generic observable class that caches its key path.
public func observeCachedKeyPath(_ count: Int) -> Int {
  let box = CachedKeyPathBox(0)
  for index in 0..<count { box.value = box.value &+ index }
  return box.value
}
