"""Transports against a real SMTP server (aiosmtpd): plain on the loopback, STARTTLS with login, SSL;
errors sorted into transient (retried) and permanent (recorded as failed); the file sink."""
from __future__ import annotations

import ssl
import subprocess
from email.message import EmailMessage

import pytest
from aiosmtpd.smtp import AuthResult

from notifications.transport import FileSink, PermanentError, SMTPTransport, TransientError, make_transport
from tests.mail.sinks import SMTPSink, free_port


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    d = tmp_path_factory.mktemp("tls")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(d / "key.pem"),
                    "-out", str(d / "cert.pem"), "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(d / "cert.pem", d / "key.pem")
    return d / "cert.pem", context


def message(mid="<t1@games.example.org>") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Tabularium <play@games.example.org>"
    msg["To"] = "ann@example.org"
    msg["Subject"] = "[Tabularium] test"
    msg["Message-ID"] = mid
    msg.set_content("Hello")
    return msg


def authenticator(server, session, envelope, mechanism, auth_data):
    def text(v):
        return v.decode() if isinstance(v, bytes) else v

    ok = text(auth_data.login) == "tab" and text(auth_data.password) == "s3cret"
    return AuthResult(success=ok)


def test_plain_smtp_on_the_loopback():
    sink = SMTPSink().start()
    try:
        SMTPTransport(sink.url).send(message(), "ann@example.org")
        assert sink.handler.message_ids() == ["<t1@games.example.org>"]
    finally:
        sink.stop()


def test_starttls_with_login(cert):
    cafile, context = cert
    sink = SMTPSink(tls_context=context, require_starttls=True, authenticator=authenticator,
                    auth_require_tls=True, auth_required=True).start()
    try:
        transport = SMTPTransport(f"smtp://tab:s3cret@127.0.0.1:{sink.port}?starttls=require&cafile={cafile}")
        transport.send(message(), "ann@example.org")
        transport.send(message("<t2@games.example.org>"), "ann@example.org")  # the connection is reused
        assert sink.handler.message_ids() == ["<t1@games.example.org>", "<t2@games.example.org>"]
        anonymous = SMTPTransport(f"smtp://127.0.0.1:{sink.port}?starttls=require&cafile={cafile}&timeout=5")
        with pytest.raises(PermanentError):  # 530: authentication required
            anonymous.send(message("<t3@games.example.org>"), "ann@example.org")
    finally:
        sink.stop()


def test_smtps(cert):
    cafile, context = cert
    sink = SMTPSink(ssl_context=context).start()
    try:
        make_transport(f"smtps://127.0.0.1:{sink.port}?cafile={cafile}").send(message(), "ann@example.org")
        assert sink.handler.message_ids() == ["<t1@games.example.org>"]
    finally:
        sink.stop()


def test_transient_and_permanent_errors():
    with pytest.raises(TransientError):
        SMTPTransport(f"smtp://127.0.0.1:{free_port()}?timeout=2").send(message(), "ann@example.org")
    sink = SMTPSink().start()
    try:
        sink.handler.mode = "refuse"
        with pytest.raises(TransientError):
            SMTPTransport(sink.url).send(message(), "ann@example.org")
        sink.handler.mode = "reject"
        with pytest.raises(PermanentError):
            SMTPTransport(sink.url).send(message(), "ann@example.org")
    finally:
        sink.stop()


def test_the_file_sink_keeps_one_file_per_message_id(tmp_path):
    sink = FileSink(tmp_path / "mail")
    sink.send(message(), "ann@example.org")
    sink.send(message(), "ann@example.org")
    sink.send(message("<t2@games.example.org>"), "ann@example.org")
    assert sorted(p.name for p in (tmp_path / "mail").iterdir()) == ["t1@games.example.org.eml",
                                                                     "t2@games.example.org.eml"]


def test_a_bad_mail_url_is_a_clear_error():
    with pytest.raises(ValueError, match="TABULARIUM_MAIL_URL"):
        make_transport("carrier-pigeon://rome")
