import Foundation

/// Whether `error` means "cancelled" rather than "failed": `CancellationError`, `URLError`
/// `.cancelled` (-999) or an `NSError` in `NSURLErrorDomain` with that code.
///
/// Loaders never show such an error: a cancelled load returns to the phase it started from.
public func isCancellation(_ error: any Error) -> Bool {
  if error is CancellationError { return true }
  if let error = error as? URLError { return error.code == .cancelled }
  let nsError = error as NSError
  return nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled
}
