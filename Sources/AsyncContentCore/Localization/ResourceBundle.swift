package import Foundation

/// Finds a target's resource bundle where SwiftPM's generated `Bundle.module` would, but
/// answers `nil` where that accessor calls `fatalError`; no source names `Bundle.module`.
package enum ResourceBundle {
  /// The extensions SwiftPM gives a resource bundle: `bundle` on Apple platforms, `resources`
  /// elsewhere.
  package static let extensions = ["bundle", "resources"]

  /// The first bundle named `name` (`<package>_<target>`) in `directories`, or `nil`.
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

  /// The resource bundle named `name`, searched for where the generated accessors look, or
  /// `nil`; `anchor` is a class of the target's own code.
  package static func find(named name: String, anchor: AnyClass) -> Bundle? {
    find(named: name, in: searchDirectories(anchor: anchor))
  }

  /// The directories ``find(named:anchor:)`` searches, in order.
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
