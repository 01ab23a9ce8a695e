"""The teacher: hints, the play checker and undo (`coach`), their words (`hints`), the review
(`review`) and the sheets that look back (`looking`: last trick, score sheet, replay, review)."""
