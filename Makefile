# PasscodeKeypad: build, test, install and package the `passcode` command. Plain GNU make.
#
#   make                 build the release binary (.ci/release-build: the Swift runtime, libstdc++ and
#                        libgcc linked in), so it runs without a Swift toolchain
#   make check           run the whole test suite (swift build && swift test)
#   make install         install into $(DESTDIR)$(PREFIX); PREFIX defaults to /usr/local
#   make uninstall       remove what `make install` put there (same PREFIX and DESTDIR)
#   make deb             build passcode_VERSION_ARCH.deb here with dpkg-deb (PREFIX=/usr)
#   make clean           remove the build products and the .deb
#
# `make install` puts in place:
#   $(PREFIX)/bin/passcode                                    the program (stripped)
#   $(PREFIX)/bin/pinentry-passcode                           a relative link to it: the pinentry name
#   $(PREFIX)/share/man/man1/passcode.1                       the manual (and pinentry-passcode.1, a link)
#   $(PREFIX)/share/man/es/man1/passcode.1                    the Spanish manual (Docs/passcode.es.1; a link too)
#   $(PREFIX)/share/locale/LANGUAGE/LC_MESSAGES/passcode.mo   the messages in each language, compiled by msgfmt
#                                                             from Sources/PasscodeLocalization/po/LANGUAGE.po
#   $(PREFIX)/share/bash-completion/completions/passcode      completions, made by the program itself
#   $(PREFIX)/share/zsh/site-functions/_passcode                (passcode --generate-completion-script
#   $(PREFIX)/share/fish/vendor_completions.d/passcode.fish      bash|zsh|fish), so they match its parser
#   $(PREFIX)/share/doc/passcode/                             README, CHANGELOG, LICENSE and Docs/*.md
#   $(DRACUT_MODULES_DIR)/90passcode/                         the dracut module (Docs/dracut/90passcode and the
#                                                             units in Docs/systemd), used only when a dracut.conf
#                                                             says add_dracutmodules+=" passcode " (Docs/Boot.md)
#
# DRACUT_MODULES_DIR is /usr/lib/dracut/modules.d whatever PREFIX is: dracut reads its modules from that one
# directory (its dracutbasedir) and nowhere under /usr/local, so a module installed elsewhere would never
# be found. The module installs the passcode it finds in /usr/bin or /usr/local/bin.
#
# The .deb holds that tree for PREFIX=/usr, plus what Debian asks of every package: the manual
# pages compressed with gzip -9n, /usr/share/doc/passcode/copyright and changelog.Debian.gz; the zsh
# completion goes to /usr/share/zsh/vendor-completions, the directory Debian's zsh searches.
# Its Depends are computed by dpkg-shlibdeps from the libraries the binary links, plus libspeechd2 and
# libglib2.0-0, which it loads with dlopen when first used; it Provides
# pinentry and registers /usr/bin/pinentry-passcode as a (low-priority) /usr/bin/pinentry alternative.
#
# Variables: PREFIX, DESTDIR, SWIFT (the swift driver: from PATH, else /opt/swift/usr/bin/swift),
# STRIP, DEB_MAINTAINER, DRACUT_MODULES_DIR. The release build has its own scratch directory,
# .build/install, so another `swift build -c release` can never put a binary that needs the toolchain
# into the install.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
STRIP ?= strip
INSTALL ?= install
PREFIX ?= /usr/local
DESTDIR ?=

BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share
MAN1DIR = $(DATADIR)/man/man1
LOCALEDIR = $(DATADIR)/locale
MSGFMT ?= msgfmt
DOCDIR = $(DATADIR)/doc/passcode
BASH_COMPLETION_DIR = $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR = $(DATADIR)/zsh/site-functions
FISH_COMPLETION_DIR = $(DATADIR)/fish/vendor_completions.d
DRACUT_MODULES_DIR ?= /usr/lib/dracut/modules.d
DRACUT_MODULE = $(DRACUT_MODULES_DIR)/90passcode
AGENT_UNITS = Docs/systemd/passcode-agent-console.path Docs/systemd/passcode-agent-console.service

SCRATCH = .build/install
BINARY = $(SCRATCH)/release/passcode
COMPLETIONS = $(SCRATCH)/completions
SOURCES := Package.swift $(shell find Sources -type f)
DOCS = README.md CHANGELOG.md LICENSE $(wildcard Docs/*.md)
# One translation per Sources/PasscodeLocalization/po/LANGUAGE.po, and a manual per Docs/passcode.LANGUAGE.1.
LANGUAGES = $(basename $(notdir $(wildcard Sources/PasscodeLocalization/po/*.po)))
CATALOGUES = $(foreach language,$(LANGUAGES),$(SCRATCH)/locale/$(language)/LC_MESSAGES/passcode.mo)
MAN_LANGUAGES = $(patsubst Docs/passcode.%.1,%,$(wildcard Docs/passcode.*.1))

VERSION := $(shell sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/PasscodeCommandLine/PasscodeVersion.swift)
ARCH = $(shell dpkg --print-architecture)
DEB = passcode_$(VERSION)_$(ARCH).deb
DEB_WORK = .build/deb
DEB_ROOT = $(DEB_WORK)/debian/passcode
DEB_MAINTAINER ?= The PasscodeKeypad authors <passcode@localhost>
# Loaded with dlopen when first used (speech, and the desktop screen-reader check), so dpkg-shlibdeps
# cannot see them.
DLOPEN_DEPENDS = libspeechd2, libglib2.0-0

.PHONY: all build check install uninstall deb clean

all: build

build: $(BINARY) $(COMPLETIONS)/passcode.bash $(COMPLETIONS)/_passcode $(COMPLETIONS)/passcode.fish $(CATALOGUES)

$(SCRATCH)/locale/%/LC_MESSAGES/passcode.mo: Sources/PasscodeLocalization/po/%.po
	@mkdir -p $(dir $@)
	$(MSGFMT) --check -o $@ $<

# The runtime check: the binary must not need the toolchain's libswiftCore at run time.
$(BINARY): $(SOURCES) .ci/release-build .ci/text-order.txt
	sh .ci/release-build --scratch-path $(SCRATCH) --product passcode
	@if ldd $@ | grep -q 'libswift\|/opt/swift'; then \
	  echo "error: $@ still needs the Swift runtime:" >&2; ldd $@ >&2; exit 1; fi
	@touch $@

$(COMPLETIONS)/passcode.bash: $(BINARY)
	@mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script bash > $@
$(COMPLETIONS)/_passcode: $(BINARY)
	@mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script zsh > $@
$(COMPLETIONS)/passcode.fish: $(BINARY)
	@mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script fish > $@

check:
	$(SWIFT) build
	$(SWIFT) test

install: build
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(DOCDIR) \
	  $(DESTDIR)$(BASH_COMPLETION_DIR) $(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(FISH_COMPLETION_DIR)
	$(INSTALL) -m 0755 $(BINARY) $(DESTDIR)$(BINDIR)/passcode
	$(STRIP) --strip-unneeded $(DESTDIR)$(BINDIR)/passcode
	ln -sf passcode $(DESTDIR)$(BINDIR)/pinentry-passcode
	$(INSTALL) -m 0644 Docs/passcode.1 $(DESTDIR)$(MAN1DIR)/passcode.1
	ln -sf passcode.1 $(DESTDIR)$(MAN1DIR)/pinentry-passcode.1
	$(INSTALL) -m 0644 $(COMPLETIONS)/passcode.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/passcode
	$(INSTALL) -m 0644 $(COMPLETIONS)/_passcode $(DESTDIR)$(ZSH_COMPLETION_DIR)/_passcode
	$(INSTALL) -m 0644 $(COMPLETIONS)/passcode.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/passcode.fish
	$(INSTALL) -m 0644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	for language in $(LANGUAGES); do \
	  $(INSTALL) -d $(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES && \
	  $(INSTALL) -m 0644 $(SCRATCH)/locale/$$language/LC_MESSAGES/passcode.mo \
	    $(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/passcode.mo || exit 1; \
	done
	$(INSTALL) -d $(DESTDIR)$(DRACUT_MODULE)
	$(INSTALL) -m 0755 Docs/dracut/90passcode/module-setup.sh $(DESTDIR)$(DRACUT_MODULE)/module-setup.sh
	$(INSTALL) -m 0644 $(AGENT_UNITS) $(DESTDIR)$(DRACUT_MODULE)/
	for language in $(MAN_LANGUAGES); do \
	  $(INSTALL) -d $(DESTDIR)$(DATADIR)/man/$$language/man1 && \
	  $(INSTALL) -m 0644 Docs/passcode.$$language.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/passcode.1 && \
	  ln -sf passcode.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/pinentry-passcode.1 || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/passcode $(DESTDIR)$(BINDIR)/pinentry-passcode
	rm -f $(DESTDIR)$(MAN1DIR)/passcode.1 $(DESTDIR)$(MAN1DIR)/pinentry-passcode.1
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/passcode $(DESTDIR)$(ZSH_COMPLETION_DIR)/_passcode \
	  $(DESTDIR)$(FISH_COMPLETION_DIR)/passcode.fish
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS)))
	-rmdir $(DESTDIR)$(DOCDIR)
	rm -f $(DESTDIR)$(DRACUT_MODULE)/module-setup.sh $(addprefix $(DESTDIR)$(DRACUT_MODULE)/,$(notdir $(AGENT_UNITS)))
	-rmdir $(DESTDIR)$(DRACUT_MODULE)
	for language in $(LANGUAGES); do rm -f $(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/passcode.mo; done
	for language in $(MAN_LANGUAGES); do \
	  rm -f $(DESTDIR)$(DATADIR)/man/$$language/man1/passcode.1 $(DESTDIR)$(DATADIR)/man/$$language/man1/pinentry-passcode.1; \
	done

# The Debian control file; @DEPENDS@ and @SIZE@ are filled in when the package is built.
define DEB_CONTROL
Package: passcode
Version: $(VERSION)
Architecture: $(ARCH)
Maintainer: $(DEB_MAINTAINER)
Installed-Size: @SIZE@
Depends: @DEPENDS@
Recommends: speech-dispatcher
Suggests: gpg-agent
Provides: pinentry
Section: utils
Priority: optional
Description: accessible passcode and PIN entry for the terminal
 passcode asks for a passcode or PIN one key at a time and says where you
 are ("3 of 6 digits entered"), through speech-dispatcher or as plain lines
 for a screen reader or braille display. It never shows, speaks or logs a
 typed character, keeps the code in locked, wiped memory, and always gives
 the terminal back as it found it.
 .
 It stores an Argon2id hash with a persisted lockout, guards commands
 (passcode exec) and terminals (passcode lock), and is a pinentry for
 gpg-agent (pinentry-passcode).
endef

define DEB_POSTINST
#!/bin/sh
set -e
if [ "$$1" = configure ]; then
  update-alternatives --install /usr/bin/pinentry pinentry /usr/bin/pinentry-passcode 20
fi
endef

define DEB_PRERM
#!/bin/sh
set -e
if [ "$$1" = remove ] || [ "$$1" = deconfigure ]; then
  update-alternatives --remove pinentry /usr/bin/pinentry-passcode
fi
endef

define DEB_CHANGELOG
passcode ($(VERSION)) unstable; urgency=medium

  * Built from PasscodeKeypad $(VERSION); see /usr/share/doc/passcode/CHANGELOG.md.

 -- $(DEB_MAINTAINER)  @DATE@
endef

define DEB_COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: PasscodeKeypad

Files: *
Copyright: 2026 The PasscodeKeypad authors
License: Expat
endef

export DEB_CONTROL DEB_POSTINST DEB_PRERM DEB_CHANGELOG DEB_COPYRIGHT

deb: build
	rm -rf $(DEB_WORK)
	$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_ROOT) \
	  ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/passcode.1
	rm $(DEB_ROOT)/usr/share/man/man1/pinentry-passcode.1
	ln -s passcode.1.gz $(DEB_ROOT)/usr/share/man/man1/pinentry-passcode.1.gz
	for language in $(MAN_LANGUAGES); do \
	  gzip -9n $(DEB_ROOT)/usr/share/man/$$language/man1/passcode.1 && \
	  rm $(DEB_ROOT)/usr/share/man/$$language/man1/pinentry-passcode.1 && \
	  ln -s passcode.1.gz $(DEB_ROOT)/usr/share/man/$$language/man1/pinentry-passcode.1.gz || exit 1; \
	done
	{ printf '%s\n' "$$DEB_COPYRIGHT"; sed -n '/^Permission/,$$p' LICENSE | sed -e 's/^$$/./' -e 's/^/ /'; } \
	  > $(DEB_ROOT)/usr/share/doc/passcode/copyright
	printf '%s\n' "$$DEB_CHANGELOG" | sed "s/@DATE@/$$(date -R -u -d @$$(git log -1 --format=%ct 2>/dev/null || date +%s))/" \
	  | gzip -9n > $(DEB_ROOT)/usr/share/doc/passcode/changelog.Debian.gz
	chmod 0644 $(DEB_ROOT)/usr/share/doc/passcode/*
	$(INSTALL) -d $(DEB_ROOT)/DEBIAN
	printf '%s\n' "$$DEB_POSTINST" > $(DEB_ROOT)/DEBIAN/postinst
	printf '%s\n' "$$DEB_PRERM" > $(DEB_ROOT)/DEBIAN/prerm
	chmod 0755 $(DEB_ROOT)/DEBIAN/postinst $(DEB_ROOT)/DEBIAN/prerm
	cd $(DEB_ROOT) && find usr -type f -exec md5sum {} + | LC_ALL=C sort -k2 > DEBIAN/md5sums
	chmod 0644 $(DEB_ROOT)/DEBIAN/md5sums
	# dpkg-shlibdeps wants a debian/control naming the package; the stub is enough.
	printf 'Source: passcode\n\nPackage: passcode\nArchitecture: any\n' > $(DEB_WORK)/debian/control
	cd $(DEB_WORK) && dpkg-shlibdeps -O -e debian/passcode/usr/bin/passcode > shlibs
	printf '%s\n' "$$DEB_CONTROL" \
	  | sed -e "s/@DEPENDS@/$$(sed -n 's/^shlibs:Depends=//p' $(DEB_WORK)/shlibs), $(DLOPEN_DEPENDS)/" \
	    -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" > $(DEB_ROOT)/DEBIAN/control
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB)
	@echo "Built $(DEB)"

clean:
	rm -rf $(SCRATCH) $(DEB_WORK)
	rm -f passcode_*.deb
	$(SWIFT) package clean
