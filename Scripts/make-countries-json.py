#!/usr/bin/env python3
"""Derive Sources/CountriesDemo/Resources/countries.json from Debian's iso-codes package.

Usage (from the package root, after `apt-get install -y iso-codes`):

    python3 Scripts/make-countries-json.py [path/to/iso_3166-1.json]

Writes an array of {"id", "name", "alpha2", "alpha3", "flag"} objects sorted by name, where
`id` is the ISO 3166-1 numeric code as an integer and `flag` is the emoji built from the two
regional indicator symbols of the alpha-2 code. The output is deterministic, so running the
script again on the same iso-codes version gives a byte-identical file.
See Scripts/countries-data-SOURCE.md for the source and the licence of the data.
"""

import json
import os
import sys
import unicodedata

DEFAULT_SOURCE = "/usr/share/iso-codes/json/iso_3166-1.json"
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "..", "Sources", "CountriesDemo", "Resources", "countries.json")


def flag(alpha2: str) -> str:
    """The flag emoji: each letter A-Z mapped to REGIONAL INDICATOR SYMBOL LETTER A-Z."""
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in alpha2.upper())


def sort_key(name: str) -> tuple:
    """Sort by the name without accents, case-insensitively ("Åland" next to "Albania")."""
    stripped = "".join(
        c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)
    )
    return (stripped.casefold(), name)


def main() -> int:
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SOURCE
    with open(source, encoding="utf-8") as f:
        entries = json.load(f)["3166-1"]
    countries = [
        {
            "id": int(entry["numeric"]),
            "name": entry["name"],
            "alpha2": entry["alpha_2"],
            "alpha3": entry["alpha_3"],
            "flag": flag(entry["alpha_2"]),
        }
        for entry in entries
    ]
    countries.sort(key=lambda country: sort_key(country["name"]))
    ids = [c["id"] for c in countries]
    assert len(set(ids)) == len(ids), "numeric codes must be unique"
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write("[\n")
        f.write(",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in countries))
        f.write("\n]\n")
    print(f"wrote {len(countries)} countries to {os.path.normpath(OUTPUT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
