package import Foundation

/// Finds a target's resource bundle where SwiftPM's generated `Bundle.module` would, but
/// answers `nil` where that accessor calls `fatalError`.
///
/// A missing bundle is no rare accident: Xcode previews of a package that depends on this one
/// have run without it, and a crash in a static initializer cannot be caught with `do`/`catch`.
/// So no source of this package names `Bundle.module` (a test checks it), and the default
/// texts fall back to the English compiled into the code (``DefaultStrings``).
///
/// The directories searched, in order, are those of the generated accessors:
/// - in a debug build, the directory of `PACKAGE_RESOURCE_BUNDLE_PATH` (or the older
///   `PACKAGE_RESOURCE_BUNDLE_URL`), which Xcode sets for previews, as its accessor reads it;
/// - the main bundle's resources, where an app carries the bundle;
/// - the resources of the bundle that holds this code, when it is linked into a framework;
/// - the main bundle's own directory, beside a command-line tool: where SwiftPM's accessor on
///   Linux looks first;
/// - the directory that holds the code's bundle, beside a test bundle or a framework: where
///   `swift build` leaves the resources of a `swift test` run on macOS, which SwiftPM's
///   accessor finds by the build directory's absolute path;
/// - the directory above that, the build products of Xcode previews of a dependent package
///   (`…/Debug-iphonesimulator`, above `PackageFrameworks/AsyncContentCore.framework`).
///
/// In each, the bundle is `<package>_<target>.bundle` (Apple platforms) or
/// `<package>_<target>.resources` (Linux, Windows); both are tried everywhere.
package enum ResourceBundle {
  /// The extensions SwiftPM gives a resource bundle: `bundle` on Apple platforms, `resources`
  /// elsewhere.
  package static let extensions = ["bundle", "resources"]

  /// The first bundle named `name` in `directories`, or `nil` when none holds it.
  ///
  /// - Parameters:
  ///   - name: The bundle's name without extension, `<package>_<target>`.
  ///   - directories: The directories to look in, in order; `nil` entries are skipped.
  package static func find(named name: String, in directories: [URL?]) -> Bundle? {
    for directory in directories {
      guard let directory else { continue }
      for pathExtension in extensions {
        let url = directory.appendingPathComponent("\(name).\(pathExtension)", isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
          isDirectory.boolValue
        else { continue }
        if let bundle = Bundle(url: url) { return bundle }
      }
    }
    return nil
  }

  /// The resource bundle named `name`, searched for where the generated accessors look (see
  /// the type's overview), or `nil` when it is nowhere.
  ///
  /// - Parameters:
  ///   - name: The bundle's name without extension, `<package>_<target>`.
  ///   - anchor: A class of the target's own code: the bundle that holds it is searched.
  package static func find(named name: String, anchor: AnyClass) -> Bundle? {
    find(named: name, in: searchDirectories(anchor: anchor))
  }

  /// The directories ``find(named:anchor:)`` searches, in order.
  ///
  /// - Parameters:
  ///   - anchor: A class of the target's own code.
  ///   - environment: The process environment, for Xcode's override.
  package static func searchDirectories(
    anchor: AnyClass, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [URL?] {
    var directories: [URL?] = []
    #if DEBUG
    if let override = environment["PACKAGE_RESOURCE_BUNDLE_PATH"]
      ?? environment["PACKAGE_RESOURCE_BUNDLE_URL"]
    {
      directories.append(URL(fileURLWithPath: override))
    }
    #endif
    let code = Bundle(for: anchor)
    let beside = code.bundleURL.deletingLastPathComponent()
    directories += [
      Bundle.main.resourceURL,
      code.resourceURL,
      Bundle.main.bundleURL,
      beside,
      beside.deletingLastPathComponent(),
    ]
    return directories
  }
}
