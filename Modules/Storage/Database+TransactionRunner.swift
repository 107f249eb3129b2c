import Core

extension Database: TransactionRunner {}
