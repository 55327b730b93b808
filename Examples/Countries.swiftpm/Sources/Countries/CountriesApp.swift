#if canImport(SwiftUI)
import AsyncContent
import SwiftUI

/// The Countries example: a paged country list with pull-to-refresh, placeholders, a failed-
/// reload banner and a detail screen per country, a rename that shows at once and waits offline
/// in the persisted cache, a gallery of cells that each load their own color, a switch below
/// every screen that makes requests fail, and, in debug builds, the store's inspector.
///
/// Open `Examples/Countries.swiftpm` in Xcode (or Swift Playgrounds), choose an iPhone or iPad
/// simulator, and run; on a Mac with Apple silicon, "My Mac (Designed for iPad)" runs it too.
@main
struct CountriesApp: App {
  /// The app's loaders, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  var body: some Scene {
    WindowGroup {
      HomeScreen(model: model)
        .safeAreaInset(edge: .bottom) {
          FailureToggle(api: model.api)
        }
        .loaderStore(model.store)
    }
  }
}
#endif
