import Foundation

/// A country in the list.
struct Country: Identifiable, Hashable, Sendable {
  /// The ISO 3166 code.
  var id: String
  var name: String
  var flag: String
  var capital: String

  /// Rows shown redacted while the first page loads.
  static let placeholders: [Country] = (0..<8).map { index in
    Country(id: "placeholder-\(index)", name: "Country name", flag: "🏳️", capital: "Capital")
  }
}

/// What the detail screen loads for one country.
struct CountryDetail: Sendable {
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

  private let all: [Country] = [
    ("AT", "Austria", "🇦🇹", "Vienna"), ("BE", "Belgium", "🇧🇪", "Brussels"),
    ("BR", "Brazil", "🇧🇷", "Brasília"), ("CA", "Canada", "🇨🇦", "Ottawa"),
    ("CH", "Switzerland", "🇨🇭", "Bern"), ("CL", "Chile", "🇨🇱", "Santiago"),
    ("CN", "China", "🇨🇳", "Beijing"), ("DE", "Germany", "🇩🇪", "Berlin"),
    ("DK", "Denmark", "🇩🇰", "Copenhagen"), ("EG", "Egypt", "🇪🇬", "Cairo"),
    ("ES", "Spain", "🇪🇸", "Madrid"), ("FI", "Finland", "🇫🇮", "Helsinki"),
    ("FR", "France", "🇫🇷", "Paris"), ("GB", "United Kingdom", "🇬🇧", "London"),
    ("GR", "Greece", "🇬🇷", "Athens"), ("IE", "Ireland", "🇮🇪", "Dublin"),
    ("IN", "India", "🇮🇳", "New Delhi"), ("IT", "Italy", "🇮🇹", "Rome"),
    ("JP", "Japan", "🇯🇵", "Tokyo"), ("KE", "Kenya", "🇰🇪", "Nairobi"),
    ("KR", "South Korea", "🇰🇷", "Seoul"), ("MX", "Mexico", "🇲🇽", "Mexico City"),
    ("NL", "Netherlands", "🇳🇱", "Amsterdam"), ("NO", "Norway", "🇳🇴", "Oslo"),
    ("NZ", "New Zealand", "🇳🇿", "Wellington"), ("PE", "Peru", "🇵🇪", "Lima"),
    ("PL", "Poland", "🇵🇱", "Warsaw"), ("PT", "Portugal", "🇵🇹", "Lisbon"),
    ("SE", "Sweden", "🇸🇪", "Stockholm"), ("US", "United States", "🇺🇸", "Washington"),
  ].map { Country(id: $0.0, name: $0.1, flag: $0.2, capital: $0.3) }

  /// A page of countries, after a short delay.
  func countries(offset: Int, limit: Int) async throws -> [Country] {
    try await respond()
    return Array(all.dropFirst(offset).prefix(limit))
  }

  /// One country's details, after a short delay.
  func detail(id: Country.ID) async throws -> CountryDetail {
    try await respond()
    guard let country = all.first(where: { $0.id == id }) else { throw URLError(.fileDoesNotExist) }
    let seed = country.name.unicodeScalars.reduce(0) { $0 + Int($1.value) }
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
