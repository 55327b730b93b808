/// A weak reference held by value, as a load's task captures its loader (no boxed weak
/// variable, so no allocation a load).
@usableFromInline
struct WeakReference<Object: AnyObject> {
  @usableFromInline weak var object: Object?

  @inlinable
  init(_ object: Object) {
    self.object = object
  }
}

extension WeakReference: Sendable where Object: Sendable {}
