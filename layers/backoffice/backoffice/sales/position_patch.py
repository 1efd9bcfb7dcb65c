"""The PATCH rules of a quotation's positions, over plain data.

1. A change without PosNr adds a position (ArtNr and a Menge above 0 needed).
2. A change with PosNr and Menge not 0 sets the new quantity (and GRabSatz / PosBez / VPEinheit when
   given); without VPEinheit the position keeps the packaging unit it has.
3. A change with PosNr and Menge 0 deletes the position.
4. An unknown PosNr is a 400 naming it; so is a PosNr changed twice in one request, or an ArtNr
   that is not the article of the position (delete it and add the other article instead).

The outcome is a plan: the positions in their new order, each saying whether pricing must run
again (added, or quantity changed: the price tier depends on the quantity). PosNr stays stable;
new positions get the numbers after the highest one the quotation ever held; VisPosNr is the
place in the list, 1..n, after the changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from backoffice.errors import InvalidRequest
from backoffice.money import ZERO, decimal
from backoffice.sales.calculation import MAX_POSITIONS, PositionInput
from backoffice.taxes import TaxCode


@dataclass(frozen=True)
class PositionChange:
    """One item of the PATCH body's Positionen."""

    quantity: Decimal  # Menge; 0 deletes
    pos_nr: int | None = None
    art_nr: str | None = None
    description: str | None = None
    discount: Decimal | None = None  # GRabSatz
    vpe_unit: str | None = None  # VPEinheit; None: an addition has none, a change keeps its own


@dataclass(frozen=True)
class PlannedPosition:
    """A position of the patched quotation, before (re)pricing."""

    pos_nr: int
    vis_pos_nr: int
    art_nr: str
    quantity: Decimal
    discount: Decimal
    description: str
    stored: PositionInput | None  # None: an added position
    reprice: bool  # added, or its quantity or packaging unit changed
    source: str  # the request path of the change that made it, "" for an untouched position
    vpe_unit: str | None = None  # the packaging unit to price in; None: the base unit

    def priced(
        self,
        unit_price: Decimal,
        tax: TaxCode,
        price_kind: str,
        vpe_unit: str | None = None,
        vpe_factor: Decimal | None = None,
    ) -> PositionInput:
        """The position with the price pricing determined for its (new) quantity.

        Without `vpe_unit` from pricing, the position keeps its stored packaging unit.
        """
        if vpe_unit is None:
            vpe_unit = self.stored.vpe_unit if self.stored else ""
        if vpe_factor is None:
            vpe_factor = self.stored.vpe_factor if self.stored else Decimal(1)
        return PositionInput(
            pos_nr=self.pos_nr,
            vis_pos_nr=self.vis_pos_nr,
            art_nr=self.art_nr,
            quantity=self.quantity,
            unit_price=unit_price,
            tax=tax,
            price_kind=price_kind,
            description=self.description,
            vpe_unit=vpe_unit,
            vpe_factor=vpe_factor,
            discount=self.discount,
            source=self.source,
        )

    def kept(self) -> PositionInput:
        """The stored position with the new discount, description and place (no repricing)."""
        if self.stored is None:
            raise ValueError(f"PosNr {self.pos_nr} is new: price it with priced()")
        return replace(
            self.stored,
            vis_pos_nr=self.vis_pos_nr,
            quantity=self.quantity,
            discount=self.discount,
            description=self.description,
            source=self.source,
        )


@dataclass(frozen=True)
class PatchPlan:
    positions: tuple[PlannedPosition, ...]
    deleted: tuple[int, ...]  # PosNr of the deleted positions


def plan_patch(
    stored: Sequence[PositionInput],
    changes: Sequence[PositionChange],
    highest_pos_nr: int = 0,
    field: str = "Positionen",
) -> PatchPlan:
    """Apply `changes` to the `stored` positions (in their display order).

    `highest_pos_nr` is the highest PosNr the quotation ever held, so a deleted number is never
    given again; the stored positions' own numbers count too. Every problem of the request is
    collected and raised as one InvalidRequest naming each field.
    """
    updates, additions = _sorted(stored, changes, field)
    planned, deleted = _applied(stored, updates)
    next_nr = max([highest_pos_nr, *(p.pos_nr for p in stored)]) + 1
    planned += [_added(change, where, next_nr + offset) for offset, (where, change) in enumerate(additions)]
    if len(planned) > MAX_POSITIONS:
        raise InvalidRequest(
            f"A quotation holds at most {MAX_POSITIONS} positions.",
            {field: f"after these changes it would hold {len(planned)}; the limit is {MAX_POSITIONS}"},
        )
    numbered = tuple(replace(p, vis_pos_nr=place) for place, p in enumerate(planned, start=1))
    return PatchPlan(positions=numbered, deleted=tuple(deleted))


_Located = tuple[str, PositionChange]  # a change and the request path naming it


def _sorted(
    stored: Sequence[PositionInput], changes: Sequence[PositionChange], field: str
) -> tuple[dict[int, _Located], list[_Located]]:
    """The changes of stored positions by PosNr, and the additions; every problem in one 400."""
    by_nr = {p.pos_nr: p for p in stored}
    problems: dict[str, str] = {}
    updates: dict[int, _Located] = {}
    additions: list[_Located] = []
    for index, change in enumerate(changes):
        where = f"{field}[{index}]"
        quantity = decimal(change.quantity, f"{where}.Menge")
        if change.pos_nr is None:
            problems.update(_addition_problems(change, where, quantity))
            additions.append((where, change))
            continue
        wrong = _update_problem(change, by_nr.get(change.pos_nr), change.pos_nr in updates)
        if wrong is None:
            updates[change.pos_nr] = (where, change)
        else:
            problems[f"{where}.{wrong[0]}"] = wrong[1]
    if problems:
        raise InvalidRequest("The position changes cannot be applied.", problems)
    return updates, additions


def _addition_problems(change: PositionChange, where: str, quantity: Decimal) -> dict[str, str]:
    problems = {}
    if not change.art_nr:
        problems[f"{where}.ArtNr"] = "a position without PosNr is added: ArtNr is needed"
    if quantity <= 0:
        problems[f"{where}.Menge"] = "a position without PosNr is added: Menge must be above 0"
    return problems


def _update_problem(change: PositionChange, current: PositionInput | None, seen: bool) -> tuple[str, str] | None:
    """What is wrong with a change of a stored position (the field and why), None when nothing."""
    if current is None:
        return "PosNr", f"the quotation has no position {change.pos_nr}"
    if seen:
        return "PosNr", f"position {change.pos_nr} is changed twice in this request"
    if change.art_nr and change.art_nr != current.art_nr:
        return "ArtNr", f"position {change.pos_nr} holds article {current.art_nr}; delete it and add {change.art_nr}"
    return None


def _applied(stored: Sequence[PositionInput], updates: dict[int, _Located]) -> tuple[list[PlannedPosition], list[int]]:
    """The stored positions, changed or deleted as the updates say; the deleted PosNr."""
    planned: list[PlannedPosition] = []
    deleted: list[int] = []
    for position in stored:
        at, update = updates.get(position.pos_nr, ("", None))
        if update is None:
            planned.append(_unchanged(position))
        elif decimal(update.quantity) == 0:
            deleted.append(position.pos_nr)
        else:
            planned.append(_updated(position, update, at))
    return planned, deleted


def _added(change: PositionChange, where: str, pos_nr: int) -> PlannedPosition:
    return PlannedPosition(
        pos_nr=pos_nr,
        vis_pos_nr=0,
        art_nr=change.art_nr or "",
        quantity=change.quantity,
        discount=change.discount if change.discount is not None else ZERO,
        description=change.description or "",
        stored=None,
        reprice=True,
        source=where,
        vpe_unit=change.vpe_unit,
    )


def _unchanged(position: PositionInput) -> PlannedPosition:
    return PlannedPosition(
        pos_nr=position.pos_nr,
        vis_pos_nr=0,
        art_nr=position.art_nr,
        quantity=position.quantity,
        discount=position.discount,
        description=position.description,
        stored=position,
        reprice=False,
        source="",
        vpe_unit=position.vpe_unit or None,
    )


def _updated(position: PositionInput, change: PositionChange, where: str) -> PlannedPosition:
    unit = change.vpe_unit if change.vpe_unit is not None else (position.vpe_unit or None)
    return PlannedPosition(
        pos_nr=position.pos_nr,
        vis_pos_nr=0,
        art_nr=position.art_nr,
        quantity=change.quantity,
        discount=change.discount if change.discount is not None else position.discount,
        description=change.description if change.description is not None else position.description,
        stored=position,
        reprice=decimal(change.quantity) != decimal(position.quantity) or unit != (position.vpe_unit or None),
        source=where,
        vpe_unit=unit,
    )
