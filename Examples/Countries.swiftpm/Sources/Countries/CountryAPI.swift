import Foundation

/// A country in the list. `Codable`, so the persisted cache can keep it.
struct Country: Identifiable, Hashable, Codable, Sendable {
  /// The ISO 3166 code.
  var id: String
  var name: String
  var flag: String
  var capital: String
  /// The name in English, as the service first served it.
  var englishName: String
  /// The name in the country's main language, which the rename screen offers.
  var localName: String

  /// Rows shown redacted while the first page loads.
  static let placeholders: [Country] = (0..<8).map { index in
    Country(
      id: "placeholder-\(index)", name: "Country name", flag: "🏳️", capital: "Capital",
      englishName: "Country name", localName: "Country name")
  }
}

/// What the detail screen loads for one country. `Codable`, so the persisted cache can keep it.
struct CountryDetail: Codable, Sendable {
  var country: Country
  var population: Int
  var area: Int
  var languages: [String]
  /// Whether the user marked the country as a favorite.
  var isFavorite = false
}

/// A stand-in for a country web service: slow, paged, and able to fail on request.
actor CountryAPI {
  /// Whether every request fails, to try the failure, retry and banner paths. A view sets it
  /// synchronously, so no task is needed to flip it.
  nonisolated let failureSwitch = FailureSwitch()

  /// The countries marked as favorites.
  private var favorites: Set<Country.ID> = []

  /// The countries' names, as renamed, by id.
  private var names: [Country.ID: String] = [:]
  /// The answer to each rename, by idempotency key: a rename sent again gets it again, and
  /// changes nothing.
  private var renames: [String: CountryDetail] = [:]

  private let countries: [Country] = [
    ("AT", "Austria", "🇦🇹", "Vienna", "Österreich"), ("BE", "Belgium", "🇧🇪", "Brussels", "België"),
    ("BR", "Brazil", "🇧🇷", "Brasília", "Brasil"), ("CA", "Canada", "🇨🇦", "Ottawa", "Canada"),
    ("CH", "Switzerland", "🇨🇭", "Bern", "Schweiz"), ("CL", "Chile", "🇨🇱", "Santiago", "Chile"),
    ("CN", "China", "🇨🇳", "Beijing", "中国"), ("DE", "Germany", "🇩🇪", "Berlin", "Deutschland"),
    ("DK", "Denmark", "🇩🇰", "Copenhagen", "Danmark"), ("EG", "Egypt", "🇪🇬", "Cairo", "مصر"),
    ("ES", "Spain", "🇪🇸", "Madrid", "España"), ("FI", "Finland", "🇫🇮", "Helsinki", "Suomi"),
    ("FR", "France", "🇫🇷", "Paris", "France"),
    ("GB", "United Kingdom", "🇬🇧", "London", "United Kingdom"),
    ("GR", "Greece", "🇬🇷", "Athens", "Ελλάδα"), ("IE", "Ireland", "🇮🇪", "Dublin", "Éire"),
    ("IN", "India", "🇮🇳", "New Delhi", "भारत"), ("IT", "Italy", "🇮🇹", "Rome", "Italia"),
    ("JP", "Japan", "🇯🇵", "Tokyo", "日本"), ("KE", "Kenya", "🇰🇪", "Nairobi", "Kenya"),
    ("KR", "South Korea", "🇰🇷", "Seoul", "대한민국"), ("MX", "Mexico", "🇲🇽", "Mexico City", "México"),
    ("NL", "Netherlands", "🇳🇱", "Amsterdam", "Nederland"), ("NO", "Norway", "🇳🇴", "Oslo", "Norge"),
    ("NZ", "New Zealand", "🇳🇿", "Wellington", "Aotearoa"), ("PE", "Peru", "🇵🇪", "Lima", "Perú"),
    ("PL", "Poland", "🇵🇱", "Warsaw", "Polska"), ("PT", "Portugal", "🇵🇹", "Lisbon", "Portugal"),
    ("SE", "Sweden", "🇸🇪", "Stockholm", "Sverige"),
    ("US", "United States", "🇺🇸", "Washington", "United States"),
  ].map {
    Country(id: $0.0, name: $0.1, flag: $0.2, capital: $0.3, englishName: $0.1, localName: $0.4)
  }

  /// The countries, with their names as renamed.
  private var all: [Country] {
    countries.map { country in
      var country = country
      country.name = names[country.id] ?? country.name
      return country
    }
  }

  /// A page of countries, after a short delay.
  func countries(offset: Int, limit: Int) async throws -> [Country] {
    try await respond()
    return Array(all.dropFirst(offset).prefix(limit))
  }

  /// One country's details, after a short delay.
  func detail(id: Country.ID) async throws -> CountryDetail {
    try await respond()
    guard let country = all.first(where: { $0.id == id }) else { throw URLError(.fileDoesNotExist) }
    // The facts come from the capital's name, so a rename leaves them as they are.
    let seed = country.capital.unicodeScalars.reduce(0) { $0 + Int($1.value) }
    return CountryDetail(
      country: country, population: seed * 12_345, area: seed * 321,
      languages: ["Language \(seed % 7 + 1)"], isFavorite: favorites.contains(id))
  }

  /// Marks a country as a favorite or not, after a short delay, and returns the country's
  /// details as the service stored them.
  func setFavorite(_ isFavorite: Bool, id: Country.ID) async throws -> CountryDetail {
    try await respond()
    if isFavorite { favorites.insert(id) } else { favorites.remove(id) }
    return try await detail(id: id)
  }

  /// Renames a country, after a short delay, and returns its details as the service stored
  /// them. A rename whose `idempotencyKey` came before changes nothing and gets the first
  /// answer again.
  func rename(
    id: Country.ID, to name: String, idempotencyKey: String
  ) async throws -> CountryDetail {
    try await respond()
    if let answer = renames[idempotencyKey] { return answer }
    names[id] = name
    let answer = try await detail(id: id)
    renames[idempotencyKey] = answer
    return answer
  }

  private func respond() async throws {
    try await Task.sleep(for: .milliseconds(600))
    if failureSwitch.isOn { throw URLError(.notConnectedToInternet) }
  }
}

/// A switch read by the service and flipped by a view, from any thread.
final class FailureSwitch: @unchecked Sendable {
  // @unchecked Sendable: `on` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var on = false

  /// Whether requests fail.
  var isOn: Bool { lock.withLock { on } }

  /// Turns failure injection on or off.
  func set(_ isOn: Bool) {
    lock.withLock { on = isOn }
  }
}
