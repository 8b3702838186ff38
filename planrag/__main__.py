"""`python -m planrag` is the `planrag` command."""

from planrag.cli import main

raise SystemExit(main())
