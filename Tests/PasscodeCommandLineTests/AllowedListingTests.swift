import PasscodeCommandLine
import PasscodeEngine
import Testing

/// `--allowed` with the characters themselves: ranges, a `-` of its own, and what it refuses.
@Suite("--allowed listings")
struct AllowedListingTests {
  private static func set(_ text: String) -> EntryConfiguration.AllowedCharacters {
    .custom(Set(text.unicodeScalars))
  }

  @Test(
    "ranges and single characters make a set; a - first or last is itself",
    arguments: [
      ("0-9A-F", "0123456789ABCDEF"), ("0-9+*#", "0123456789+*#"), ("-0-3", "-0123"), ("a-c-", "abc-"),
      ("1-1", "1"), ("äöü0-2", "äöü012"),
    ])
  func listings(listing: String, characters: String) {
    #expect(EntryConfiguration.AllowedCharacters(listing: listing) == Self.set(characters))
  }

  @Test(
    "an empty listing, a backward range, a space, a control character or too many characters is refused",
    arguments: ["", "9-0", "0-9 A", "0-9\t", "0-\u{7}", "\u{20}-\u{7e}\u{a1}-\u{1ff}"])
  func refusedListings(listing: String) {
    #expect(EntryConfiguration.AllowedCharacters(listing: listing) == nil)
  }

  @Test("the demo takes a listing with its code's digits; set and a word of letters only take names")
  func whichSubcommandsTakeAListing() throws {
    let parsed = try CommandLineParser.parse(
      arguments: ["demo", "--allowed", "0-9A-F"], programName: "passcode", environment: [:])
    guard case let .run(invocation) = parsed else { Issue.record("not a run: \(parsed)"); return }
    #expect(invocation.options.allowed == Self.set("0123456789ABCDEF"))
    for arguments in [["demo", "--allowed", "A-F"], ["set", "--allowed", "0-9"], ["demo", "--allowed", "digit"]] {
      #expect(throws: UsageError.self, "\(arguments)") {
        try CommandLineParser.parse(arguments: arguments, programName: "passcode", environment: [:])
      }
    }
  }
}
