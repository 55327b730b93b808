package import Foundation

/// The languages an app is localized in, as Foundation reads them from its bundle: what
/// ``StringCatalog/language(preferring:app:)`` intersects with the package's languages.
package struct AppLocalizations: Hashable, Sendable {
  /// The app's localizations, such as `["en", "de"]` (`Bundle.localizations`).
  package var localizations: [String]
  /// The language the app was developed in (`CFBundleDevelopmentRegion`), if it says.
  package var developmentLocalization: String?
  /// Whether the app lets its frameworks choose their own language from the user's
  /// (`CFBundleAllowMixedLocalizations`).
  package var allowsMixedLocalizations: Bool

  /// Creates the localizations of an app.
  package init(
    localizations: [String], developmentLocalization: String? = nil,
    allowsMixedLocalizations: Bool = false
  ) {
    self.localizations = localizations
    self.developmentLocalization = developmentLocalization
    self.allowsMixedLocalizations = allowsMixedLocalizations
  }

  /// The localizations of an app's bundle: its `.lproj` folders and its Info.plist's
  /// `CFBundleLocalizations`.
  package init(bundle: Bundle) {
    let info = bundle.infoDictionary ?? [:]
    var localizations = bundle.localizations
    for language in info["CFBundleLocalizations"] as? [String] ?? []
    where !localizations.contains(language) {
      localizations.append(language)
    }
    // `Bundle.developmentLocalization` traps on Linux for a bundle without an Info.plist;
    // the dictionary does not.
    let mixed = info["CFBundleAllowMixedLocalizations"]
    self.init(
      localizations: localizations,
      developmentLocalization: info["CFBundleDevelopmentRegion"] as? String,
      allowsMixedLocalizations: mixed as? Bool
        ?? ["yes", "true", "1"].contains((mixed as? String)?.lowercased() ?? ""))
  }
}
