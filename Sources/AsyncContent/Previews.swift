#if canImport(SwiftUI) && DEBUG
internal import AsyncContentCore
internal import Foundation
internal import SwiftUI

private struct PreviewError: LocalizedError {
  var errorDescription: String? { "The server could not be reached." }
}

private let previewCountries = ["Austria", "Brazil", "Chile", "Denmark"]

/// Static previews: one per phase, and the paged list's footers.
struct LoadPhaseView_Previews: PreviewProvider {
  static var previews: some View {
    Group {
      LoadPhaseView(LoadPhase<[String], any Error>.idle, retry: {}) { Text($0.joined()) }
      LoadPhaseView(LoadPhase<[String], any Error>.loading, retry: {}) { Text($0.joined()) }
      LoadPhaseView(
        LoadPhase<[String], any Error>.loading, placeholder: ["Placeholder", "Rows"], retry: {}
      ) { countries in
        CountryColumn(countries: countries)
      }
      LoadPhaseView(LoadPhase<[String], any Error>.loaded(previewCountries), retry: {}) {
        CountryColumn(countries: $0)
      }
      LoadPhaseView(LoadPhase<[String], any Error>.reloading(previewCountries), retry: {}) {
        CountryColumn(countries: $0)
      }
      LoadPhaseView(
        LoadPhase<[String], any Error>.reloadFailed(previewCountries, PreviewError()), retry: {}
      ) {
        CountryColumn(countries: $0)
      }
      LoadPhaseView(LoadPhase<[String], any Error>.failed(PreviewError()), retry: {}) {
        CountryColumn(countries: $0)
      }
      LoadPhaseView(LoadPhase<[String], any Error>.retrying(PreviewError()), retry: {}) {
        CountryColumn(countries: $0)
      }
      LoadPhaseView(LoadPhase<[String], any Error>.loaded([]), isEmpty: \.isEmpty, retry: {}) {
        CountryColumn(countries: $0)
      }
    }
  }
}

/// An interactive preview: the buttons make the load succeed or fail.
struct InteractiveLoadPhaseView_Previews: PreviewProvider {
  static var previews: some View {
    InteractivePhase()
  }
}

private struct InteractivePhase: View {
  @State private var phase: LoadPhase<[String], any Error> = .idle

  var body: some View {
    VStack {
      LoadPhaseView(phase, retry: { await start() }) { countries in
        CountryColumn(countries: countries)
      }
      HStack {
        Button("Succeed") { phase.succeed(previewCountries) }
        Button("Fail") { phase.fail(PreviewError()) }
        Button("Reload") { _ = phase.startLoading() }
      }
    }
  }

  private func start() async {
    _ = phase.startLoading()
  }
}

private struct CountryColumn: View {
  let countries: [String]

  var body: some View {
    VStack(alignment: .leading) {
      ForEach(countries, id: \.self) { country in
        Text(country)
      }
    }
  }
}
#endif
