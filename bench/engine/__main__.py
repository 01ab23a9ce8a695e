from .speed import main

raise SystemExit(main())
