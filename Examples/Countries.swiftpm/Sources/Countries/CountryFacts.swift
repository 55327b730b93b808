#if canImport(SwiftUI)
import SwiftUI

/// The sections of a country's details: its row, and its facts.
struct CountryFacts: View {
  let detail: CountryDetail

  var body: some View {
    Section("Country") {
      CountryRow(country: detail.country)
    }
    Section("Facts") {
      Text("Population: \(detail.population)")
      Text("Area: \(detail.area) km²")
      ForEach(detail.languages, id: \.self) { language in
        Text(verbatim: language)
      }
    }
  }
}
#endif
