import AsyncContentCore
import CountriesDemo
import Foundation
import Testing

@Suite("CountriesClient", .timeLimit(.minutes(1)))
struct CountriesClientTests {
  @Test("country(code:) loads one country; rename(code:to:) stores the new name")
  func countryAndRename() async throws {
    try await withServer { server, baseURL in
      let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
      #expect(try await client.country(code: "JP").name == "Japan")
      let renamed = try await client.rename(code: "JP", to: "Nippon")
      #expect(renamed.name == "Nippon")
      #expect(try await client.country(code: "jp").name == "Nippon")
      #expect(await server.country(alpha2: "JP")?.name == "Nippon")
    }
  }

  @Test("a refused rename is a typed RenameError; a server failure stays an HTTPLoadError")
  func refusedRenames() async throws {
    try await withServer { server, baseURL in
      let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
      await #expect(
        throws: RenameError.invalidName(code: "AT", message: "the name must not be empty")
      ) {
        try await client.rename(code: "AT", to: "")
      }
      await #expect(throws: RenameError.unknownCountry(code: "ZZ")) {
        try await client.rename(code: "ZZ", to: "Nowhere")
      }
      await #expect(
        throws: RenameError.rejected(
          code: "1", status: 400, message: "'1' is not an alpha-2 code (two letters)")
      ) {
        try await client.rename(code: "1", to: "One")
      }
      await server.setKnobs(ServerKnobs(failNext: 1))
      let error = await #expect(throws: HTTPLoadError.self) {
        try await client.rename(code: "AT", to: "Österreich")
      }
      if case .status(let code, _, _, _) = error {
        #expect(code == 500)
      } else {
        Issue.record("expected an HTTP status error, got \(String(describing: error))")
      }
      #expect(await server.country(alpha2: "AT")?.name == "Austria", "nothing was stored")
    }
  }
}
