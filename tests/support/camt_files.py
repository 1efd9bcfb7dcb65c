"""camt.054 / camt.053 files as a Swiss bank sends them (Swiss Payment Standards' structure), built
from the payments a test wants: one entry per booking, its transactions in NtryDtls/TxDtls with
their own AcctSvcrRef, the QR reference (QRR) or creditor reference (SCOR) in RmtInf/Strd.

Valid against the ISO 20022 XSD of each version (the structure differs: .08 has Sts/Cd and
Dbtr/Pty, .02 the transaction's amount in AmtDtls).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from xml.sax.saxutils import escape

QR_IBAN = "CH4431999123000889012"


@dataclass(frozen=True)
class Tx:
    """One credit transfer: reference None for a payment without one."""

    ref: str  # the account servicer's reference of the transaction
    amount: Decimal
    reference: str | None = None
    currency: str = "CHF"
    debtor: str = "Muster AG"
    text: str | None = None
    kind: str | None = None  # QRR or SCOR; from the reference when None


@dataclass(frozen=True)
class Entry:
    """One booking on the account: its transactions (empty: a batch without details, `amount`)."""

    ref: str
    txs: tuple[Tx, ...] = ()
    amount: Decimal | None = None
    currency: str = "CHF"
    credit: bool = True
    booked: str = "2026-11-26"
    status: str = "BOOK"
    extra: dict[str, str] = field(default_factory=dict)


def camt(version: str, entries: list[Entry], message_id: str = "MSG-1") -> bytes:
    """The document of `version` ("camt.054.001.08", "camt.053.001.04", ...)."""
    kind, number = version[5:8], version[-2:]
    body = "".join(_entry(e, number) for e in entries)
    if kind == "054":
        inner = f"<Ntfctn><Id>N-{message_id}</Id><CreDtTm>2026-11-26T18:00:00</CreDtTm>{_account()}{body}</Ntfctn>"
        root = "BkToCstmrDbtCdtNtfctn"
    else:
        balance = (
            '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">0.00</Amt>'
            "<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-26</Dt></Dt></Bal>"
        )
        inner = f"<Stmt><Id>S-{message_id}</Id><CreDtTm>2026-11-26T18:00:00</CreDtTm>{_account()}{balance}{body}</Stmt>"
        root = "BkToCstmrStmt"
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:{version}">'
        f"<{root}><GrpHdr><MsgId>{message_id}</MsgId><CreDtTm>2026-11-26T18:00:00</CreDtTm></GrpHdr>"
        f"{inner}</{root}></Document>"
    ).encode()


def _account() -> str:
    return f"<Acct><Id><IBAN>{QR_IBAN}</IBAN></Id></Acct>"


def _entry(e: Entry, number: str) -> str:
    total = e.amount if e.amount is not None else sum((t.amount for t in e.txs), Decimal("0.00"))
    status = f"<Sts><Cd>{e.status}</Cd></Sts>" if number == "08" else f"<Sts>{e.status}</Sts>"
    details = ""
    if e.txs:
        details = (
            f"<NtryDtls><Btch><NbOfTxs>{len(e.txs)}</NbOfTxs></Btch>{''.join(_tx(t, number) for t in e.txs)}</NtryDtls>"
        )
    return (
        f'<Ntry><NtryRef>{QR_IBAN}</NtryRef><Amt Ccy="{e.currency}">{total}</Amt>'
        f"<CdtDbtInd>{'CRDT' if e.credit else 'DBIT'}</CdtDbtInd>{status}"
        f"<BookgDt><Dt>{e.booked}</Dt></BookgDt><ValDt><Dt>{e.booked}</Dt></ValDt>"
        f"<AcctSvcrRef>{escape(e.ref)}</AcctSvcrRef>"
        "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>"
        f"{details}</Ntry>"
    )


def _tx(t: Tx, number: str) -> str:
    amount = f'<Amt Ccy="{t.currency}">{t.amount}</Amt>'
    head = f"<AmtDtls><TxAmt>{amount}</TxAmt></AmtDtls>" if number == "02" else f"{amount}<CdtDbtInd>CRDT</CdtDbtInd>"
    debtor = f"<Pty><Nm>{escape(t.debtor)}</Nm></Pty>" if number == "08" else f"<Nm>{escape(t.debtor)}</Nm>"
    own = f"<AcctSvcrRef>{escape(t.ref)}</AcctSvcrRef>" if t.ref else ""  # "": none of its own
    return (
        f"<TxDtls><Refs>{own}<EndToEndId>NOTPROVIDED</EndToEndId></Refs>"
        f"{head}<RltdPties><Dbtr>{debtor}</Dbtr></RltdPties>{_remittance(t)}</TxDtls>"
    )


def _remittance(t: Tx) -> str:
    text = f"<Ustrd>{escape(t.text)}</Ustrd>" if t.text else ""
    if t.reference is None:
        return f"<RmtInf>{text}</RmtInf>" if text else ""
    kind = t.kind or ("SCOR" if t.reference.startswith("RF") else "QRR")
    tp = "<Cd>SCOR</Cd>" if kind == "SCOR" else "<Prtry>QRR</Prtry>"
    return (
        f"<RmtInf>{text}<Strd><CdtrRefInf><Tp><CdOrPrtry>{tp}</CdOrPrtry></Tp>"
        f"<Ref>{escape(t.reference)}</Ref></CdtrRefInf></Strd></RmtInf>"
    )
