import PasscodeDoctor
import PasscodeVault
import Testing

@Suite("doctor's store section: each file private, missing or a problem with its fix")
struct StoreSectionTests {
  typealias Entry = StoreHealth.Entry

  static func located(_ entries: [Entry], settingsProblem: VaultError? = nil) -> DoctorSnapshot.Store {
    .located(configFile: "/s/config", health: StoreHealth(entries: entries), settingsProblem: settingsProblem)
  }

  static let fresh: [Entry] = [
    Entry(role: "store directory", path: "/s", state: .privateToYou),
    Entry(role: "passcode hash", path: "/s/passcode.hash", state: .missing),
    Entry(role: "failure state", path: "/s/state", state: .missing),
    Entry(role: "config file", path: "/s/config", state: .missing),
  ]
  static let freshFindings: [DoctorFinding] = [
    .just("Store directory: /s, yours and private."),
    DoctorFinding(verdict: "Passcode: not set (no /s/passcode.hash).", next: "Choose one with 'passcode set'."),
    .just("Failure state: /s/state does not exist yet; passcode makes it when needed."),
    .just("Config file: /s/config does not exist, so the defaults apply."),
  ]
  static let badLine = VaultError.invalidSetting(path: "/s/config", line: 2, reason: "speech must be auto, on or off")
  static let badLineFinding = DoctorFinding(
    verdict: "Config file: /s/config, line 2: speech must be auto, on or off.",
    next: "Fix that line; until then check, lock, exec, set and remove refuse to run.", blocksPrompt: true)

  static let rows: [SectionCase] = [
    SectionCase(
      "no HOME: nowhere to keep the store",
      { $0.store = .unlocated(.noHomeDirectory) },
      expected: [
        DoctorFinding(
          verdict: "Store: HOME is not set, so there is nowhere to keep the passcode. Set HOME or use --store DIR.",
          next: "Set HOME, or use --store DIR or PASSCODE_HOME.", blocksPrompt: true)
      ]),
    SectionCase("a fresh store", { $0.store = located(fresh) }, expected: freshFindings),
    SectionCase(
      "every role by its name, an unknown one capitalised",
      {
        $0.store = located(
          [
            Entry(role: "passcode hash", path: "/s/passcode.hash", state: .privateToYou),
            Entry(role: "state directory", path: "/t", state: .missing),
            Entry(role: "grace stamp directory", path: "/r", state: .privateToYou),
            Entry(role: "config file", path: "/s/config", state: .privateToYou),
            Entry(role: "other thing", path: "/o", state: .missing),
          ])
      },
      expected: [
        .just("Passcode hash: /s/passcode.hash, yours and private."),
        .just("State directory: /t does not exist yet; passcode makes it when needed."),
        .just("Grace stamp directory: /r, yours and private."),
        .just("Config file: /s/config, no other user can change it."),
        .just("Other thing: /o does not exist yet; passcode makes it when needed."),
      ]),
    SectionCase(
      "a config file others can change: what is not used and the chmod that fixes it, not a stop",
      {
        $0.store = located(
          [
            Entry(
              role: "config file", path: "/s/config",
              state: .changeableByOthers(ConfigurationRefusal(path: "/s/config", reason: .writable(mode: 0o100666))))
          ])
      },
      expected: [
        DoctorFinding(
          verdict: "Config file: /s/config has permissions 0666, so other users could change it; its lockout, length "
            + "and grace are not used, only its profile, speech, reduce-motion, sound, progress, mask and voice.",
          next: "Make it unchangeable by others.", command: "chmod go-w /s/config")
      ]),
    SectionCase(
      "a config file of another user: a copy of one's own replaces it",
      {
        $0.store = located(
          [
            Entry(
              role: "config file", path: "/s/config",
              state: .changeableByOthers(ConfigurationRefusal(path: "/s/config", reason: .anotherOwner)))
          ])
      },
      expected: [
        DoctorFinding(
          verdict: "Config file: /s/config belongs to another user, who could change it; its lockout, length and grace "
            + "are not used, only its profile, speech, reduce-motion, sound, progress, mask and voice.",
          next: "Make it unchangeable by others.", command: "cp /s/config /s/config.new && mv /s/config.new /s/config")
      ]),
    SectionCase(
      "a store directory others can list: chmod 700",
      {
        $0.store = located(
          [
            Entry(
              role: "store directory", path: "/s", state: .problem(.insecurePermissions(path: "/s", mode: 0o040755)))
          ])
      },
      expected: [
        DoctorFinding(
          verdict: "Store directory: /s has permissions 0755, so other users could list it or open the files in it "
            + "by name.",
          next: "Make it private to you.", command: "chmod 700 /s", blocksPrompt: true)
      ]),
    SectionCase(
      "a damaged hash: the recovery step",
      {
        $0.store = located(
          [Entry(role: "passcode hash", path: "/s/passcode.hash", state: .problem(.corrupt(path: "/s/passcode.hash")))])
      },
      expected: [
        DoctorFinding(
          verdict: "Passcode hash: The file /s/passcode.hash is damaged or was not written by passcode; entry stays "
            + "locked until it is repaired or removed.",
          next: "To recover, remove it (rm /s/passcode.hash) and choose a new passcode with 'passcode set'.",
          blocksPrompt: true)
      ]),
    SectionCase(
      "an unsafe directory: its own words say the fix, no next line",
      {
        $0.store = located([Entry(role: "store directory", path: "/s", state: .problem(.unsafeDirectory(path: "/s")))])
      },
      expected: [
        DoctorFinding(
          verdict: "Store directory: /s is a symbolic link, or another user could change it, so no file under it "
            + "can be trusted; entry stays locked. Fix it with: chmod go-w /s, or keep the store elsewhere.",
          blocksPrompt: true)
      ]),
    SectionCase(
      "a bad line in a private config file",
      { $0.store = located(fresh, settingsProblem: badLine) }, expected: freshFindings + [badLineFinding]),
    SectionCase(
      "a config file that is itself a problem is reported once",
      {
        $0.store = located(
          [Entry(role: "config file", path: "/s/config", state: .problem(.notRegularFile(path: "/s/config")))],
          settingsProblem: .notRegularFile(path: "/s/config"))
      },
      expected: [
        DoctorFinding(verdict: "Config file: /s/config is not a regular file.", blocksPrompt: true)
      ]),
  ]

  @Test("each snapshot gives exactly these findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.store(row.snapshot), row)
  }
}
