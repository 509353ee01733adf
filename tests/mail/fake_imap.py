"""A tiny IMAP4rev1 server (just what imaplib's poller uses), for testing the IMAP route for real."""
from __future__ import annotations

import re
import socketserver
import threading


class Mailbox:
    def __init__(self, user: str, password: str):
        self.user, self.password = user, password
        self.messages: list[dict] = []       # {"raw": bytes, "flags": set}
        self.fetched: list[tuple[int, str]] = []   # (message number, FETCH items) in order
        self.lock = threading.Lock()

    def add(self, raw: bytes) -> None:
        with self.lock:
            self.messages.append({"raw": raw, "flags": set()})


class Handler(socketserver.StreamRequestHandler):
    def send(self, line: str | bytes) -> None:
        self.wfile.write(line if isinstance(line, bytes) else line.encode() + b"\r\n")

    def handle(self) -> None:
        box: Mailbox = self.server.mailbox  # type: ignore[attr-defined]
        self.send("* OK [CAPABILITY IMAP4rev1] fake IMAP ready")
        authed = False
        while True:
            line = self.rfile.readline()
            if not line:
                return
            parts = line.decode("utf-8", "replace").strip().split(" ", 2)
            if len(parts) < 2:
                continue
            tag, command, args = parts[0], parts[1].upper(), parts[2] if len(parts) > 2 else ""
            if command == "CAPABILITY":
                self.send("* CAPABILITY IMAP4rev1")
            elif command == "LOGIN":
                user, password = [a.strip('"') for a in args.split(" ", 1)]
                if (user, password) != (box.user, box.password):
                    self.send(f"{tag} NO [AUTHENTICATIONFAILED] invalid credentials")
                    continue
                authed = True
            elif command == "LOGOUT":
                self.send("* BYE logging out")
                self.send(f"{tag} OK LOGOUT completed")
                return
            elif not authed:
                self.send(f"{tag} BAD log in first")
                continue
            elif command == "SELECT":
                self.send(f"* {len(box.messages)} EXISTS")
                self.send("* 0 RECENT")
                self.send(f"{tag} OK [READ-WRITE] SELECT completed")
                continue
            elif command == "SEARCH":
                with box.lock:
                    unseen = [str(i + 1) for i, m in enumerate(box.messages) if "\\Seen" not in m["flags"]]
                self.send("* SEARCH" + "".join(" " + n for n in unseen))
            elif command == "FETCH":
                n = int(args.split(" ", 1)[0])
                raw = box.messages[n - 1]["raw"]
                box.fetched.append((n, args.split(" ", 1)[1]))
                if "RFC822.SIZE" in args.upper():
                    self.send(f"* {n} FETCH (RFC822.SIZE {len(raw)})")
                else:
                    name = "BODY[]" if "BODY" in args.upper() else "RFC822"
                    self.send(f"* {n} FETCH ({name} {{{len(raw)}}}".encode() + b"\r\n" + raw + b")\r\n")
                    if "PEEK" not in args.upper():  # as real servers do: fetching the body marks it seen
                        box.messages[n - 1]["flags"].add("\\Seen")
            elif command == "STORE":
                n = int(args.split(" ", 1)[0])
                flags = set(re.findall(r"\\\w+", args))
                box.messages[n - 1]["flags"] |= flags
                self.send(f"* {n} FETCH (FLAGS ({' '.join(sorted(box.messages[n - 1]['flags']))}))")
            elif command == "EXPUNGE":
                with box.lock:
                    box.messages[:] = [m for m in box.messages if "\\Deleted" not in m["flags"]]
            elif command == "NOOP":
                pass
            else:
                self.send(f"{tag} BAD unknown command")
                continue
            self.send(f"{tag} OK {command} completed")


class FakeIMAP(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, mailbox: Mailbox):
        super().__init__(("127.0.0.1", 0), Handler)
        self.mailbox = mailbox
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self.server_address[1]

    def __enter__(self) -> FakeIMAP:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()
        self.server_close()
