import CSV
