/// How the banner of a failed reload behaves: never shown, shown until dismissed, or shown for
/// a while.
///
/// The phase says a reload failed; the policy says how the screen tells. The SwiftUI views
/// apply the policy of their environment:
///
/// ```swift
/// CountriesView()
///   .asyncBannerPolicy(.transient(.seconds(4)))  // a toast that hides after four seconds
/// ```
public enum BannerPolicy: Hashable, Sendable {
  /// No banner: the content stays and the failure shows nowhere (the phase still holds it).
  case off
  /// The banner stays until it is dismissed or the next load starts.
  case persistent
  /// The banner hides itself after the duration, like a toast; it can be dismissed sooner.
  case transient(Duration)
}
