#if canImport(SwiftUI)
import SwiftUI

/// One row of the list; also drawn redacted as a placeholder.
struct CountryRow: View {
  let country: Country

  var body: some View {
    HStack {
      Text(verbatim: country.flag)
        .font(.title)
      VStack(alignment: .leading) {
        Text(verbatim: country.name)
          .font(.headline)
        Text(verbatim: country.capital)
          .font(.caption)
          .foregroundStyle(.secondary)
      }
    }
  }
}
#endif
