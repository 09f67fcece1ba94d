"""The game's assets ship inside the package and load through importlib.resources: from the
`python/llk/assets` symlink in a checkout, from `llk/assets/` in an installed wheel."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import llk
from llk.layout import Layout


def source_assets(root: Path) -> dict[str, bytes]:
    """Every file of the top-level assets/ that a wheel must carry (README files stay out)."""
    folder = root / "assets"
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith("README")
    }


def packaged_assets() -> dict[str, bytes]:
    found: dict[str, bytes] = {}

    def walk(node, prefix: str) -> None:  # Traversable: works for zips and folders alike
        for entry in node.iterdir():
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.is_file():
                found[prefix + entry.name] = entry.read_bytes()

    walk(resources.files("llk") / "assets", "")
    return found


def test_assets_are_inside_the_package() -> None:
    assets = resources.files("llk") / "assets"
    assert assets.is_dir()
    assert (assets / "layouts").is_dir()
    # In the package itself, whether a folder or a link to one: not beside it in the tree.
    assert Path(str(assets)).parent == Path(llk.__file__).parent


def test_every_builtin_layout_loads_from_the_package() -> None:
    names = Layout.names()
    assert names, "no built-in layouts were installed"
    layouts = resources.files("llk") / "assets" / "layouts"
    assert names == sorted(e.name[:-4] for e in layouts.iterdir() if e.name.endswith(".txt"))
    for name in names:
        lay = Layout.named(name)
        assert lay.name == name and lay.tiles > 0


def test_the_package_carries_every_asset_of_the_source_tree(source_tree: Path) -> None:
    expected = source_assets(source_tree)
    packaged = packaged_assets()
    if Path(str(resources.files("llk") / "assets")).resolve() == (source_tree / "assets").resolve():
        # Running from the checkout itself (an editable install): the link shows every file.
        packaged = {k: v for k, v in packaged.items() if not Path(k).name.startswith("README")}
    assert sorted(packaged) == sorted(expected)
    assert packaged == expected


def test_the_installed_package_speaks_simplified_chinese() -> None:
    # The compiled catalog is package data like the tiles: found through importlib.resources
    # in a checkout and in an installed wheel (maturin's or the pure one) alike.
    from llk.game import i18n

    mo = resources.files("llk") / "assets" / "locale" / "zh_CN" / "LC_MESSAGES" / "llk.mo"
    assert mo.is_file()
    catalog = i18n.catalog("zh_CN")
    assert catalog.gettext("Paused") == "暂停" and catalog.gettext("Hint") == "提示"
    assert catalog.ngettext("{price} star   have {owned}", "{price} stars   have {owned}", 2)
