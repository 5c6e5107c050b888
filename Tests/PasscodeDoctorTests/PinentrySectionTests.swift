import PasscodeDoctor
import Testing

@Suite("doctor's pinentry section: the link, gpg-agent's pinentry-program, GPG_TTY")
struct PinentrySectionTests {
  typealias Program = DoctorSnapshot.Pinentry.Program

  static let noLink = DoctorFinding(
    verdict: "Pinentry link: no pinentry-passcode on PATH; GnuPG cannot use passcode yet.",
    next: "Link ~/.local/bin/pinentry-passcode to the passcode binary, as Docs/GnuPG.md says (make install and "
      + "the .deb install the link themselves).",
    command: DoctorSections.pinentryLinkSteps)
  static let link = DoctorFinding.just("Pinentry link: /b/pinentry-passcode is on PATH.")
  static let noTerminal = DoctorFinding(
    verdict: "GPG_TTY: not set, so gpg-agent may ask on another terminal or fail to ask.",
    next: "Add 'export GPG_TTY=$(tty)' to ~/.profile, your shell's start-up file. A start-up file takes effect only "
      + "in a new shell: paste the Run line in your shell, which sets it there too, or open a new shell before "
      + "running doctor again.",
    command: "grep -qsx 'export GPG_TTY=$(tty)' ~/.profile || echo 'export GPG_TTY=$(tty)' >> ~/.profile; "
      + "export GPG_TTY=$(tty)")
  static let file = "/h/.gnupg/gpg-agent.conf"

  static func with(link: String? = nil, program: Program? = nil, terminal: String? = nil) -> (inout DoctorSnapshot)
    -> Void
  {
    { snapshot in
      snapshot.pinentry.link = link
      snapshot.pinentry.program = program
      snapshot.environment["GPG_TTY"] = terminal
    }
  }

  static let rows: [SectionCase] = [
    SectionCase(
      "nothing set up",
      expected: [
        noLink,
        DoctorFinding(
          verdict: "gpg-agent: no pinentry-program in \(file), so gpg-agent uses its default pinentry.",
          next: "To use passcode, add 'pinentry-program /path/to/pinentry-passcode' to \(file), "
            + "then run 'gpg-connect-agent reloadagent /bye'."),
        noTerminal,
      ]),
    SectionCase(
      "all set: the link, passcode as gpg-agent's pinentry, GPG_TTY",
      with(
        link: "/b/pinentry-passcode", program: Program(path: "/b/pinentry-passcode", runs: true, isPasscode: true),
        terminal: "/dev/pts/9"),
      expected: [
        link, .just("gpg-agent: pinentry-program /b/pinentry-passcode is passcode."), .just("GPG_TTY: /dev/pts/9."),
      ]),
    SectionCase(
      "a pinentry-program that cannot run stops a prompt; the link is suggested",
      with(link: "/b/pinentry-passcode", program: Program(path: "/nowhere/pinentry", runs: false, isPasscode: false)),
      expected: [
        link,
        DoctorFinding(
          verdict: "gpg-agent: pinentry-program /nowhere/pinentry in \(file) is missing or cannot be run, so gpg "
            + "cannot ask for a passphrase.",
          next: "Point it at an existing program, such as /b/pinentry-passcode, then run "
            + "'gpg-connect-agent reloadagent /bye'.",
          command: "sed -i 's|^[[:space:]]*pinentry-program.*|pinentry-program /b/pinentry-passcode|' \(file) "
            + "&& gpg-connect-agent reloadagent /bye",
          blocksPrompt: true),
        noTerminal,
      ]),
    SectionCase(
      "another pinentry, and GPG_TTY empty",
      with(program: Program(path: "/usr/bin/pinentry-curses", runs: true, isPasscode: false), terminal: ""),
      expected: [
        noLink,
        DoctorFinding(
          verdict: "gpg-agent: pinentry-program /usr/bin/pinentry-curses is another pinentry.",
          next: "To use passcode, set 'pinentry-program /path/to/pinentry-passcode' in \(file), "
            + "then run 'gpg-connect-agent reloadagent /bye'."),
        noTerminal,
      ]),
    SectionCase(
      "a line feed in GPG_TTY or the program is shown, not sent",
      with(program: Program(path: "/x\n/p", runs: true, isPasscode: true), terminal: "/dev/pts/1\nResult: ok"),
      expected: [
        noLink, .just("gpg-agent: pinentry-program /x\\n/p is passcode."), .just("GPG_TTY: /dev/pts/1\\nResult: ok."),
      ]),
    SectionCase(
      "the link only in ~/.local/bin, no pinentry-program: the command that names it and reloads the agent",
      {
        $0.pinentry = DoctorSnapshot.Pinentry(
          link: "/h/.local/bin/pinentry-passcode", agentConfigurationFile: file, program: nil, linkIsOnPath: false)
        $0.environment["GPG_TTY"] = "/dev/pts/2"
      },
      expected: [
        .just(
          "Pinentry link: /h/.local/bin/pinentry-passcode, not on PATH, which gpg-agent does not need: it runs "
            + "the path gpg-agent.conf names."),
        DoctorFinding(
          verdict: "gpg-agent: no pinentry-program in \(file), so gpg-agent uses its default pinentry.",
          next: "To use passcode, add 'pinentry-program /h/.local/bin/pinentry-passcode' to \(file), "
            + "then run 'gpg-connect-agent reloadagent /bye'.",
          command: "mkdir -p -m 700 /h/.gnupg && echo 'pinentry-program /h/.local/bin/pinentry-passcode' >> \(file) "
            + "&& gpg-connect-agent reloadagent /bye"),
        .just("GPG_TTY: /dev/pts/2."),
      ]),
  ]

  @Test(
    "GPG_TTY's start-up file is the one the person's shell reads",
    arguments: [
      ("/bin/bash", "~/.bashrc"), ("/usr/bin/zsh", "~/.zshrc"), ("/bin/sh", "~/.profile"), (nil, "~/.profile"),
    ])
  func startUpFile(shell: String?, file: String) {
    #expect(DoctorSections.startUpFile(shell: shell) == file)
  }

  @Test("each snapshot gives exactly these findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.pinentry(row.snapshot), row)
  }
}
