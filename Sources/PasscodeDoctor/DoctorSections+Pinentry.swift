import PasscodeLocalization

extension DoctorSections {
  /// The commands that make the `pinentry-passcode` link, as Docs/GnuPG.md gives them: to the binary's
  /// absolute path (a link to a link, or to a relative path, would break when either moves), and only
  /// when no such file is there yet.
  package static let pinentryLinkSteps =
    "mkdir -p ~/.local/bin; [ -e ~/.local/bin/pinentry-passcode ] || "
    + "ln -s \"$(readlink -f \"$(command -v passcode)\")\" ~/.local/bin/pinentry-passcode"

  /// The `pinentry-passcode` link, gpg-agent's `pinentry-program` and `GPG_TTY`.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: Three findings; a `pinentry-program` that cannot run stops a prompt.
  package static func pinentry(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    [linkFinding(snapshot.pinentry), agentFinding(snapshot.pinentry), terminalVariableFinding(snapshot)]
  }

  private static func linkFinding(_ pinentry: DoctorSnapshot.Pinentry) -> DoctorFinding {
    guard let link = pinentry.link else {
      return DoctorFinding(
        verdict: Localization.text("Pinentry link: no pinentry-passcode on PATH; GnuPG cannot use passcode yet."),
        next: Localization.text(
          "Link ~/.local/bin/pinentry-passcode to the passcode binary, as Docs/GnuPG.md says "
            + "(make install and the .deb install the link themselves)."),
        command: pinentryLinkSteps)
    }
    guard pinentry.linkIsOnPath else {
      return DoctorFinding(
        verdict: Localization.text(
          "Pinentry link: {path}, not on PATH, which gpg-agent does not need: it runs the path gpg-agent.conf names.",
          ["path": DoctorText.path(link)]))
    }
    return DoctorFinding(
      verdict: Localization.text("Pinentry link: {path} is on PATH.", ["path": DoctorText.path(link)]))
  }

  /// The command that names `program` as the `pinentry-program` in gpg-agent.conf, in place of any there
  /// (`sed`), or as a new line, then has the agent read the file; `nil` when the path would not fit in it
  /// as one word (a quote or a `|`).
  private static func setProgramCommand(_ pinentry: DoctorSnapshot.Pinentry, program: String) -> String? {
    guard !program.contains("'"), !program.contains("|"), !program.contains("\\") else { return nil }
    let file = DoctorText.shellWord(pinentry.agentConfigurationFile)
    let reload = "gpg-connect-agent reloadagent /bye"
    guard pinentry.program != nil else {
      let configuration = pinentry.agentConfigurationFile
      let home = configuration.lastIndex(of: "/").map { String(configuration[..<$0]) } ?? "."
      return
        "mkdir -p -m 700 \(DoctorText.shellWord(home)) && echo 'pinentry-program \(program)' >> \(file) && \(reload)"
    }
    return "sed -i 's|^[[:space:]]*pinentry-program.*|pinentry-program \(program)|' \(file) && \(reload)"
  }

  private static func agentFinding(_ pinentry: DoctorSnapshot.Pinentry) -> DoctorFinding {
    let suggested = pinentry.link.map(DoctorText.path) ?? "/path/to/pinentry-passcode"
    let values = ["file": DoctorText.path(pinentry.agentConfigurationFile), "program": suggested]
    guard let program = pinentry.program else {
      return DoctorFinding(
        verdict: Localization.text(
          "gpg-agent: no pinentry-program in {file}, so gpg-agent uses its default pinentry.", values),
        next: Localization.text(
          "To use passcode, add 'pinentry-program {program}' to {file}, "
            + "then run 'gpg-connect-agent reloadagent /bye'.", values),
        command: pinentry.link.flatMap { setProgramCommand(pinentry, program: $0) })
    }
    let shown = DoctorText.path(program.path)
    if !program.runs {
      return DoctorFinding(
        verdict: Localization.text(
          "gpg-agent: pinentry-program {shown} in {file} is missing or cannot be run, so "
            + "gpg cannot ask for a passphrase.", values.merging(["shown": shown]) { old, _ in old }),
        next: Localization.text(
          "Point it at an existing program, such as {program}, then run 'gpg-connect-agent reloadagent /bye'.",
          values),
        command: pinentry.link.flatMap { setProgramCommand(pinentry, program: $0) },
        blocksPrompt: true)
    }
    if program.isPasscode {
      return DoctorFinding(
        verdict: Localization.text("gpg-agent: pinentry-program {shown} is passcode.", ["shown": shown]))
    }
    return DoctorFinding(
      verdict: Localization.text("gpg-agent: pinentry-program {shown} is another pinentry.", ["shown": shown]),
      next: Localization.text(
        "To use passcode, set 'pinentry-program {program}' in {file}, "
          + "then run 'gpg-connect-agent reloadagent /bye'.", values),
      command: pinentry.link.flatMap { setProgramCommand(pinentry, program: $0) })
  }

  private static func terminalVariableFinding(_ snapshot: DoctorSnapshot) -> DoctorFinding {
    guard let tty = snapshot.environment["GPG_TTY"], !tty.isEmpty else {
      let file = startUpFile(shell: snapshot.environment["SHELL"])
      let line = "export GPG_TTY=$(tty)"
      return DoctorFinding(
        verdict: Localization.text("GPG_TTY: not set, so gpg-agent may ask on another terminal or fail to ask."),
        next: Localization.text(
          "Add '{line}' to {file}, your shell's start-up file. A start-up file takes effect only in a new shell: "
            + "paste the Run line in your shell, which sets it there too, or open a new shell before running "
            + "doctor again.", ["line": line, "file": file]),
        command: "grep -qsx '\(line)' \(file) || echo '\(line)' >> \(file); \(line)")
    }
    return DoctorFinding(verdict: "GPG_TTY: \(DoctorText.path(tty)).")
  }

  /// The start-up file every new interactive shell of this kind reads: `~/.bashrc` for bash (terminal
  /// windows start shells that read only it), `~/.zshrc` for zsh, else `~/.profile`, which login shells read.
  ///
  /// - Parameter shell: `SHELL`, the person's login shell.
  /// - Returns: The file, as a shell word starting `~/`.
  package static func startUpFile(shell: String?) -> String {
    switch shell?.split(separator: "/").last {
    case "bash": "~/.bashrc"
    case "zsh": "~/.zshrc"
    default: "~/.profile"
    }
  }
}
