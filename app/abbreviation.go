package app

// Abbreviation is a short form a document defines and the name it stands
// for, both as the document writes them: "CEO" for "Chief Executive
// Officer".
type Abbreviation struct {
	Short string `json:"short"`
	Long  string `json:"long"`
}
