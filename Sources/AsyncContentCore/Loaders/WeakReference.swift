/// A weak reference held by value.
///
/// A load's task captures its loader through one, as a constant, rather than with
/// `[weak self]`: the closures inside the task that reach the loader then copy the reference
/// instead of sharing a boxed weak variable, which would cost a heap allocation on every load.
@usableFromInline
struct WeakReference<Object: AnyObject> {
  @usableFromInline weak var object: Object?

  @inlinable
  init(_ object: Object) {
    self.object = object
  }
}

extension WeakReference: Sendable where Object: Sendable {}
