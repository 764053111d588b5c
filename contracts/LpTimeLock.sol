// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title LpTimeLock
/// @notice A simple time lock for the devnet's markets: it holds tokens (a pool's LP shares, as
/// projects do to show their liquidity cannot be pulled) until a release time, then only the
/// beneficiary may take them out. There is no owner, no early release and no way to extend or
/// move a lock, so what a scanner reads here is what holds: `lockedAmount(pair)` LP shares are
/// out of reach until each lock's `unlockAt`.
contract LpTimeLock {
    struct Lock {
        address token;
        address beneficiary;
        uint256 amount;
        uint64 unlockAt;
        bool released;
    }

    Lock[] public locks;
    /// @notice Tokens still held, per token (LP shares per pair).
    mapping(address token => uint256) public lockedAmount;

    event Locked(
        uint256 indexed id,
        address indexed token,
        address indexed beneficiary,
        uint256 amount,
        uint64 unlockAt
    );
    event Released(
        uint256 indexed id,
        address indexed token,
        address indexed beneficiary,
        uint256 amount
    );

    error InvalidLock();
    error NotBeneficiary(uint256 id, address caller);
    error StillLocked(uint256 id, uint64 unlockAt);
    error AlreadyReleased(uint256 id);
    error TransferFailed(address token);

    /// @notice Takes `amount` of `token` from the caller (approve first) until `unlockAt`.
    function lock(
        address token,
        uint256 amount,
        uint64 unlockAt,
        address beneficiary
    ) external returns (uint256 id) {
        if (amount == 0 || beneficiary == address(0) || unlockAt <= block.timestamp) {
            revert InvalidLock();
        }
        _call(token, abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), amount));
        id = locks.length;
        locks.push(Lock(token, beneficiary, amount, unlockAt, false));
        lockedAmount[token] += amount;
        emit Locked(id, token, beneficiary, amount, unlockAt);
    }

    /// @notice Gives a lock's tokens to its beneficiary, once its time has come.
    function release(uint256 id) external {
        Lock storage entry = locks[id];
        if (msg.sender != entry.beneficiary) revert NotBeneficiary(id, msg.sender);
        if (entry.released) revert AlreadyReleased(id);
        if (block.timestamp < entry.unlockAt) revert StillLocked(id, entry.unlockAt);
        entry.released = true;
        lockedAmount[entry.token] -= entry.amount;
        _call(entry.token, abi.encodeWithSelector(0xa9059cbb, entry.beneficiary, entry.amount));
        emit Released(id, entry.token, entry.beneficiary, entry.amount);
    }

    function locksLength() external view returns (uint256) {
        return locks.length;
    }

    /// Calls an ERC-20 transfer or transferFrom, accepting tokens that return nothing.
    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory result) = token.call(data);
        if (!ok || (result.length != 0 && !abi.decode(result, (bool))) || token.code.length == 0) {
            revert TransferFailed(token);
        }
    }
}
