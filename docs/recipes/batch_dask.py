"""Solve random deals on a Dask cluster, into a JSON lines file that a rerun resumes.

    python batch_dask.py OUT SEEDS [WORKERS | ADDRESS] [BUDGET] [SIZES]
    python batch_dask.py results.jsonl 0:10000 8 2000 24x12,26x14,30x16

A number of workers starts a LocalCluster of that many single-threaded worker processes on
this machine; an address (tcp://scheduler:8786) connects to a running scheduler (`dask
scheduler`, then `dask worker ADDRESS` on each machine, each with llk installed). llk's
public batch API (`llk.batch`: `tasks`, `run`; docs/api.md, "Batch runs") is all it uses:
`batch.run` writes each record in this process as its deal finishes: the workers only solve.
Then `llk solve --stats --from OUT` tabulates the file.
"""

import sys

from dask.distributed import Client, LocalCluster

from llk import batch


def main(out: str, seeds: str, where: str = "2", budget: str = "2000", sizes: str = "") -> None:
    start, stop = map(int, seeds.split(":"))
    todo = batch.tasks(
        sizes=sizes.split(",") if sizes else ["16x9", "24x12"],
        gravities=["down"],
        tiles=["even", "kshisen"],
        seeds=range(start, stop),
        budget=int(budget),
        tiers=1,  # what is unknown at `budget` states is tried at 10x that, then "intractable"
    )
    if where.isdecimal():
        cluster = LocalCluster(n_workers=int(where), threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
    else:
        cluster, client = None, Client(where)
    with client:
        solved, skipped = batch.run(todo, out, executor=client.get_executor())
    if cluster is not None:
        cluster.close()
    print(f"{solved} deals solved, {skipped} already in {out}")


if __name__ == "__main__":
    main(*sys.argv[1:])
