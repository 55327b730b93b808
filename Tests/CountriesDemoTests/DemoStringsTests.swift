import AsyncContentCore
import CountriesDemo
import Testing

// The demo's texts come from its own String Catalog in its resource bundle, in the language
// of the POSIX environment. (The catalog file itself, with every key in all four languages
// and matching specifiers, is checked by StringCatalogTests in the core's tests.)

@Suite struct DemoStringsTests {
  @Test func everyTypedKeyIsInTheCatalogAndBack() {
    #expect(DemoStrings.catalog.keys == DemoStrings.Key.allCases.map(\.rawValue).sorted())
    #expect(DemoStrings.catalog.languages == ["de", "en", "ja", "zh-Hans"])
  }

  @Test(arguments: ["de", "ja", "zh-Hans"])
  func everyKeyIsTranslated(_ language: String) {
    let strings = DemoStrings(language: language)
    #expect(strings.language == language)
    #expect(strings.defaults.language == language)
    for key in DemoStrings.Key.allCases {
      let arguments: [StringCatalog.Argument] = StringCatalog.specifiers(in: key.rawValue).map {
        $0.kind == .integer ? .int(2) : .string("x")
      }
      let english = DemoStrings.catalog.string(key.rawValue, language: "en", arguments)
      let translated = DemoStrings.catalog.string(key.rawValue, language: language, arguments)
      #expect(translated != english, "\(key) [\(language)] is the English text")
    }
  }

  @Test func theScreensTextsInEnglishAndJapanese() {
    let en = DemoStrings(language: "en")
    #expect(en.string(.title) == "Countries")
    #expect(en.endOfList(count: 1) == "End of list: 1 country")
    #expect(en.endOfList(count: 249) == "End of list: 249 countries")
    #expect(en.rows(first: 1, last: 10, of: 249) == "rows 1–10 of 249")
    #expect(en.failuresOn(percent: 30) == "Injected failures on: 30% of requests fail.")
    #expect(en.couldNotChangeFailureRate("timeout") == "Could not change the failure rate: timeout")
    #expect(en.string(.keyHelp) == keyHelp)

    let ja = DemoStrings(language: "ja")
    #expect(ja.rows(first: 1, last: 10, of: 249) == "249件中 1–10行目")  // the order changes
    #expect(ja.failuresOn(percent: 30) == "エラー注入オン：リクエストの30%が失敗します。")
    #expect(ja.defaults.updated(ago: .seconds(12)) == "12秒前に更新")
  }

  @Test func theLanguageComesFromThePOSIXEnvironment() {
    #expect(DemoStrings(environment: ["LANG": "de_DE.UTF-8"]).loadedCount(25) == "25 geladen")
    #expect(DemoStrings(environment: ["LANG": "zh_CN.UTF-8"]).language == "zh-Hans")
    #expect(DemoStrings(environment: ["LANG": "C"]).language == "en")
    #expect(DemoStrings(environment: [:]).string(.loadCancelled) == "Load cancelled.")
  }

  @Test func announcementsSpeakOfCountries() {
    let en = DemoStrings(language: "en")
    #expect(en.announcement(.loaded(count: 25)) == "25 countries loaded")
    #expect(en.announcement(.loaded(count: 1)) == "1 country loaded")
    #expect(en.announcement(.endOfList(count: 249)) == "End of list: 249 countries")
    #expect(en.announcement(.loadedMore(count: 25)) == "25 more items loaded")
    #expect(DemoStrings(language: "de").announcement(.loaded(count: 25)) == "25 Länder geladen")
    #expect(
      DemoStrings(language: "zh-Hans").announcement(.failed(message: "超时")) == "无法加载。超时")
  }
}
