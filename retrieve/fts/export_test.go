package fts

// BudgetMatch exposes budgetMatch to the tests over a real library.
var BudgetMatch = budgetMatch
