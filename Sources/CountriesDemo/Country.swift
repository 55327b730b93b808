import AsyncContentCore
import Foundation

/// A country from ISO 3166-1, as the demo server serves it and the app shows it.
public struct Country: Codable, Hashable, Identifiable, Sendable {
  /// The ISO 3166-1 numeric code, unique per country.
  public var id: Int
  /// The short English name, for example "Åland Islands".
  public var name: String
  /// The ISO 3166-1 alpha-2 code, for example "AX".
  public var alpha2: String
  /// The ISO 3166-1 alpha-3 code, for example "ALA".
  public var alpha3: String
  /// The flag emoji, made of the two regional indicator symbols of ``alpha2``.
  public var flag: String

  public init(id: Int, name: String, alpha2: String, alpha3: String, flag: String) {
    self.id = id
    self.name = name
    self.alpha2 = alpha2
    self.alpha3 = alpha3
    self.flag = flag
  }
}

/// One page of `GET /countries`: the items and the cursor of the next page, `nil` at the end.
public struct CountriesPage: Codable, Equatable, Sendable {
  public var items: [Country]
  public var nextCursor: Int?

  public init(items: [Country], nextCursor: Int?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// Writes `"nextCursor": null` at the end of the list instead of leaving the key out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(nextCursor, forKey: .nextCursor)
  }
}

/// The error body every failing endpoint of ``CountriesServer`` answers with.
public struct APIErrorBody: Codable, Equatable, Sendable {
  public var error: String

  public init(error: String) {
    self.error = error
  }
}

extension Country {
  /// All 249 countries of the bundled `countries.json`, sorted by name.
  ///
  /// The file is derived from Debian's `iso-codes` package by `Scripts/make-countries-json.py`.
  public static func bundled() throws -> [Country] {
    guard let url = demoResources?.url(forResource: "countries", withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try JSONDecoder().decode([Country].self, from: Data(contentsOf: url))
  }
}

/// The demo's resource bundle (`countries.json` and the String Catalog of its texts), found
/// where SwiftPM's `Bundle.module` would look, or `nil` where that accessor would crash.
let demoResources: Bundle? = ResourceBundle.find(
  named: "AsyncContent_CountriesDemo", anchor: DemoResourcesAnchor.self)

/// A class of the demo's code, whose bundle ``ResourceBundle`` searches.
private final class DemoResourcesAnchor {}
