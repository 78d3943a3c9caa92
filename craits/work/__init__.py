"""Background work: one workbench of worker processes (``bench``) and the loop they run
(``worker``)."""

from .bench import (
    DIED,
    Done,
    Job,
    Lane,
    Latest,
    Shared,
    Workbench,
    command_bench,
    default_workers,
    inline_job,
    run_all,
)

__all__ = ["DIED", "Done", "Job", "Lane", "Latest", "Shared", "Workbench", "command_bench", "default_workers",
           "inline_job", "run_all"]
