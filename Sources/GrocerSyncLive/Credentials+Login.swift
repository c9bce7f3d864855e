import GrocerSync

extension Credentials {
    /// The transport's login: the command's password (run now, for this
    /// sync; `environment` as `PasswordCommand` takes it), `.netrc`'s, or
    /// none.
    public func login(environment: [String], timeout: Duration = .seconds(30), discardingErrors: Bool = false)
        throws(PasswordCommand.Failure) -> LiveTransport.Login?
    {
        switch self {
        case .command(let command, let user):
            guard let user, !user.isEmpty else { throw .noUser }
            let password = try PasswordCommand(command, environment: environment, timeout: timeout, discardingErrors: discardingErrors).password()
            return LiveTransport.Login(user: user, password: password)
        case .login(let user, let password):
            return LiveTransport.Login(user: user, password: password)
        case .none:
            return nil
        }
    }
}
